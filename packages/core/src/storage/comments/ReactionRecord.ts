import type { CommentId, CommentReplyId, SpaceId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** One user's reaction with one emoji to a comment or a reply; at most one per (subject, emoji, user). */
export interface ReactionRecord {
  readonly spaceId: SpaceId
  readonly subjectId: CommentId | CommentReplyId
  readonly emoji: string
  readonly userId: UserId
  readonly reactedAt: Timestamp
}

/** What a comment's replies add up to, per replier (the official `repliers`). */
export interface ReplierRecord {
  readonly commentId: CommentId
  readonly userId: UserId
  readonly replies: number
  readonly lastRepliedAt: Timestamp
}
