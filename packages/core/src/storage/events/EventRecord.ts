import { Schema } from "effect"
import type { OrganizationId, SpaceId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** What happened: one name per kind of write that appends an event. */
export const EventType = Schema.Literal(
  "comment.posted",
  "comment.edited",
  "comment.resolved",
  "comment.reopened",
  "comment.reacted",
  "comment.deleted",
  "comment_reply.posted",
  "comment_reply.edited",
  "comment_reply.reacted",
  "comment_reply.deleted",
  "change_request.created",
  "change_request.updated",
  "change_request.merged",
  "change_request.closed",
  "site.created",
  "site.updated",
  "site.published",
  "site.unpublished",
  "site.deleted",
  "site.structure_changed",
  "site.share_links_changed",
  "translation.created",
  "translation.updated",
  "translation.deleted",
  "custom_field.created",
  "custom_field.updated",
  "custom_field.deleted",
  "space.custom_fields_updated",
  "openapi_spec.created",
  "openapi_spec.updated",
  "openapi_spec.deleted",
  "openapi_spec.processed",
  "integration.published",
  "integration.unpublished",
  "integration.installed",
  "integration.installation_updated",
  "integration.uninstalled",
  "integration.space_installed",
  "integration.space_uninstalled"
)
export type EventType = typeof EventType.Type

/** A JSON value: what an event's payload may hold, so every adapter stores it as it is. */
export type EventJson = string | number | boolean | null | ReadonlyArray<EventJson> | { readonly [key: string]: EventJson }

/** An event as a command appends it, in the transaction of the change it describes. */
export interface NewEvent {
  readonly type: EventType
  readonly organizationId: OrganizationId
  readonly spaceId: SpaceId | null
  /** Who made the change; null for what no user did (a background job). */
  readonly actor: UserId | null
  readonly at: Timestamp
  /** The ids the event is about and what changed (never a whole resource: readers load it). */
  readonly payload: { readonly [key: string]: EventJson }
}

/** An event as read back: its place in commit order (`sequence`, increasing, gaps allowed). */
export interface EventRecord extends NewEvent {
  readonly sequence: number
}
