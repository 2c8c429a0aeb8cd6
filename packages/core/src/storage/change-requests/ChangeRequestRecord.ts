import { Schema } from "effect"
import type { ChangeRequestId, RevisionId, SpaceId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

export const ChangeRequestStatus = Schema.Literal("draft", "open", "archived", "merged")
export type ChangeRequestStatus = typeof ChangeRequestStatus.Type

/** A change request: a line of work on a space's content, from `revisionInitial` to `revisionId`. */
export interface ChangeRequestRecord {
  readonly id: ChangeRequestId
  readonly spaceId: SpaceId
  /** 1, 2, 3… per space, in creation order, without gaps. */
  readonly number: number
  readonly status: ChangeRequestStatus
  readonly subject: string
  readonly createdBy: UserId
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
  /** The change request's current content. */
  readonly revisionId: RevisionId
  /** The space's revision it was made from. */
  readonly revisionInitial: RevisionId
  /** The space's revision it was last updated from (`updateChangeRequest`), if ever. */
  readonly revisionMergedAncestor: RevisionId | null
  /** Once merged: the merge revision it made in the space. */
  readonly revisionMerged: RevisionId | null
  readonly mergedBy: UserId | null
  readonly mergedAt: Timestamp | null
}
