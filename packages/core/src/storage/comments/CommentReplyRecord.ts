import type { CommentId, CommentReplyId, SpaceId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** A reply to a comment. Replies have no replies of their own. */
export interface CommentReplyRecord {
  readonly id: CommentReplyId
  readonly spaceId: SpaceId
  readonly commentId: CommentId
  readonly body: string
  readonly mentions: ReadonlyArray<UserId>
  readonly postedBy: UserId
  readonly postedAt: Timestamp
  readonly editedAt: Timestamp | null
}

/** Replies are listed by (postedAt, id), oldest first: a thread reads down. */
export const replySortKey = (r: CommentReplyRecord) => [r.postedAt, r.id]
