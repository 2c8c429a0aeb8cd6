import type { ChangeRequestId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/**
 * One user's contributions to one change request: the writes they made to its content
 * (`updateChangeRequestContent`) and the updates from the space they took into it
 * (`updateChangeRequest`). One per (change request, user).
 */
export interface ChangeRequestContributorRecord {
  readonly changeRequestId: ChangeRequestId
  readonly userId: UserId
  readonly firstContributedAt: Timestamp
  readonly lastContributedAt: Timestamp
  /** How many writes: 1 for the first, one more for each after it. */
  readonly contributions: number
}

/** Contributors are listed by their first contribution, then by user id. */
export const contributorSortKey = (c: ChangeRequestContributorRecord) => [c.firstContributedAt, c.userId]
