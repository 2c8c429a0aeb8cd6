import { Schema } from "effect"
import type { ResolvedLevel } from "../../shared/ResolvedLevel.js"
import type { CollectionId, OrganizationId, RevisionId, SpaceId } from "../../shared/ids.js"
import type { DefaultLevel } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"

export const SpaceVisibility = Schema.Literal("public", "unlisted", "share-link", "visitor-auth", "in-collection", "private")
export type SpaceVisibility = typeof SpaceVisibility.Type
export const SpaceEditMode = Schema.Literal("live", "locked")
export type SpaceEditMode = typeof SpaceEditMode.Type

export interface SpaceRecord {
  readonly id: SpaceId
  readonly organizationId: OrganizationId
  readonly parentId: CollectionId | null
  readonly title: string
  readonly emoji: string
  readonly visibility: SpaceVisibility
  readonly editMode: SpaceEditMode
  readonly defaultLevel: DefaultLevel
  readonly resolvedLevel: ResolvedLevel
  readonly revisionId: RevisionId
  readonly position: string
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
  /** Set while soft-deleted; the space is purged 7 days after. */
  readonly deletedAt: Timestamp | null
}
