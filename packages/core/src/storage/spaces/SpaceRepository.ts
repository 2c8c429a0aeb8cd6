import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { MemberRecord } from "../members/MemberRecord.js"
import type { CollectionId, OrganizationId, SpaceId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { Timestamp } from "../../shared/time.js"
import type { SpaceRecord } from "./SpaceRecord.js"

export interface SpaceQuery {
  /** Only direct children of this collection. */
  readonly parentId?: CollectionId | undefined
  /** true: leave out spaces whose resolved level is `none`. */
  readonly visibleOnly: boolean
  readonly order: "asc" | "desc"
}

export class SpaceRepository extends Context.Tag("@quire/core/SpaceRepository")<
  SpaceRepository,
  {
    readonly insert: (space: SpaceRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (space: SpaceRecord) => Effect.Effect<void, never, Authorized>
    /** Removes the space for good, and all it owns: its change requests and their contributors. */
    readonly purge: (id: SpaceId) => Effect.Effect<void, never, Authorized>
    /** Finds deleted spaces too. */
    readonly findById: (id: SpaceId) => Effect.Effect<Option.Option<SpaceRecord>, never, Authorized>
    /**
     * A space (deleted ones too) with `userId`'s membership of its organization, in one
     * lookup: what deciding access to a space needs, on the hottest path of the API.
     */
    readonly findWithMembership: (
      id: SpaceId,
      userId: UserId
    ) => Effect.Effect<
      Option.Option<{ readonly space: SpaceRecord; readonly member: Option.Option<MemberRecord> }>,
      never,
      Authorized
    >
    /** Direct children of a parent that are not deleted. */
    readonly children: (
      organizationId: OrganizationId,
      parentId: CollectionId | null
    ) => Effect.Effect<ReadonlyArray<SpaceRecord>, never, Authorized>
    /** The greatest `position` among the direct children of a parent that are not deleted. */
    readonly lastPosition: (
      organizationId: OrganizationId,
      parentId: CollectionId | null
    ) => Effect.Effect<Option.Option<string>, never, Authorized>
    /** Spaces not deleted, by (createdAt, id) in `order`. */
    readonly list: (
      organizationId: OrganizationId,
      query: SpaceQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<SpaceRecord>, never, Authorized>
    readonly count: (organizationId: OrganizationId, visibleOnly: boolean) => Effect.Effect<number, never, Authorized>
    /** Every space of the organization not deleted (`visibleOnly` as in `SpaceQuery`), in no order, in one read. */
    readonly all: (organizationId: OrganizationId, visibleOnly: boolean) => Effect.Effect<ReadonlyArray<SpaceRecord>, never, Authorized>
    /** Spaces deleted at or before `deletedBefore`. */
    readonly listExpired: (
      deletedBefore: Timestamp,
      limit: number
    ) => Effect.Effect<ReadonlyArray<SpaceId>, never, Authorized>
  }
>() {}

export const spaceSortKey = (s: SpaceRecord) => [s.createdAt, s.id]
