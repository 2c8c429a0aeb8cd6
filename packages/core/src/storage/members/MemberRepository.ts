import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { OrganizationId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice, SortValue } from "../../shared/pagination.js"
import type { MemberRole } from "../../shared/role.js"
import type { MemberRecord, MemberRow } from "./MemberRecord.js"

export type MemberSort = "joinedAt" | "lastSeenAt" | "name"
export type Order = "asc" | "desc"

export interface MemberQuery {
  readonly role?: MemberRole | "guest" | undefined
  /** Case-insensitive substring of display name or e-mail. */
  readonly search?: string | undefined
  /** `lastSeenAt` lists only members that have been seen. */
  readonly sort: MemberSort
  readonly order: Order
}

export class MemberRepository extends Context.Tag("@quire/core/MemberRepository")<
  MemberRepository,
  {
    readonly insert: (member: MemberRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (member: MemberRecord) => Effect.Effect<void, never, Authorized>
    readonly delete: (organizationId: OrganizationId, userId: UserId) => Effect.Effect<void, never, Authorized>
    readonly find: (
      organizationId: OrganizationId,
      userId: UserId
    ) => Effect.Effect<Option.Option<MemberRecord>, never, Authorized>
    readonly findRow: (
      organizationId: OrganizationId,
      userId: UserId
    ) => Effect.Effect<Option.Option<MemberRow>, never, Authorized>
    readonly list: (
      organizationId: OrganizationId,
      query: MemberQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<MemberRow>, never, Authorized>
    readonly countAdmins: (organizationId: OrganizationId) => Effect.Effect<number, never, Authorized>
  }
>() {}

export const memberSortKey =
  (sort: MemberSort) =>
  (row: MemberRow): ReadonlyArray<SortValue> => {
    switch (sort) {
      case "joinedAt":
        return [row.member.joinedAt, row.user.id]
      case "lastSeenAt":
        return [row.member.lastSeenAt ?? "", row.user.id]
      case "name":
        return [row.user.displayName.toLowerCase(), row.user.id]
    }
  }
