import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { InviteId, OrganizationId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { MemberRoleOrGuest } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"

/** An invite link: whoever holds its id may join the organization with `role`. */
export interface InviteRecord {
  readonly id: InviteId
  readonly organizationId: OrganizationId
  readonly role: MemberRoleOrGuest
  readonly createdAt: Timestamp
}

export class InviteRepository extends Context.Tag("@quire/core/InviteRepository")<
  InviteRepository,
  {
    readonly insert: (invite: InviteRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (invite: InviteRecord) => Effect.Effect<void, never, Authorized>
    readonly delete: (organizationId: OrganizationId, id: InviteId) => Effect.Effect<void, never, Authorized>
    readonly find: (
      organizationId: OrganizationId,
      id: InviteId
    ) => Effect.Effect<Option.Option<InviteRecord>, never, Authorized>
    /** By (createdAt, id) ascending. */
    readonly list: (
      organizationId: OrganizationId,
      keyset: Keyset
    ) => Effect.Effect<Slice<InviteRecord>, never, Authorized>
  }
>() {}

export const inviteSortKey = (i: InviteRecord) => [i.createdAt, i.id]
