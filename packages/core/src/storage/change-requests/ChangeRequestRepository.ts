import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { ChangeRequestId, RevisionId, SpaceId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { Timestamp } from "../../shared/time.js"
import type { ChangeRequestContributorRecord } from "./ChangeRequestContributorRecord.js"
import type { ChangeRequestRecord, ChangeRequestStatus } from "./ChangeRequestRecord.js"

export interface ChangeRequestQuery {
  readonly status: ChangeRequestStatus
  /** Only those this user created. */
  readonly createdBy?: UserId | undefined
}

export class ChangeRequestRepository extends Context.Tag("@quire/core/ChangeRequestRepository")<
  ChangeRequestRepository,
  {
    /** Fails (a defect) if the space already has a change request with this number. */
    readonly insert: (changeRequest: ChangeRequestRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (changeRequest: ChangeRequestRecord) => Effect.Effect<void, never, Authorized>
    readonly findById: (
      spaceId: SpaceId,
      id: ChangeRequestId
    ) => Effect.Effect<Option.Option<ChangeRequestRecord>, never, Authorized>
    readonly findByNumber: (
      spaceId: SpaceId,
      number: number
    ) => Effect.Effect<Option.Option<ChangeRequestRecord>, never, Authorized>
    /** The change request whose merge made `revisionId` (its `revisionMerged`), if one did. */
    readonly findByMergedRevision: (
      spaceId: SpaceId,
      revisionId: RevisionId
    ) => Effect.Effect<Option.Option<ChangeRequestRecord>, never, Authorized>
    /** The greatest number in the space, 0 when it has none. */
    readonly lastNumber: (spaceId: SpaceId) => Effect.Effect<number, never, Authorized>
    /** By (createdAt, id) descending: the newest first. `count` is the total of the query. */
    readonly list: (
      spaceId: SpaceId,
      query: ChangeRequestQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<ChangeRequestRecord>, never, Authorized>
    /**
     * Records that `userId` wrote to the change request at `at`. The first time: a row with one
     * contribution, first and last at `at`. After that: the same row, one more contribution, and
     * the later of its last time and `at`. Never a second row for the pair, whatever runs at once.
     */
    readonly recordContributor: (
      changeRequestId: ChangeRequestId,
      userId: UserId,
      at: Timestamp
    ) => Effect.Effect<void, never, Authorized>
    /** The change request's contributors, by first contribution, then user id (`contributorSortKey`). */
    readonly listContributors: (
      changeRequestId: ChangeRequestId
    ) => Effect.Effect<ReadonlyArray<ChangeRequestContributorRecord>, never, Authorized>
  }
>() {}

export const changeRequestSortKey = (c: ChangeRequestRecord) => [c.createdAt, c.id]
