import type { CommentId, CommentRecord, CommentReplyId, CommentReplyRecord, ReactionRecord } from "@quire/core"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

export const commentsTable = table<CommentId, CommentRecord>("comments", { table: spacesTable, key: (c) => c.spaceId })

export const repliesTable = table<CommentReplyId, CommentReplyRecord>("commentReplies", {
  table: commentsTable,
  key: (r) => r.commentId
})

/** An unambiguous key for one user's reaction with one emoji to one subject. */
export const reactionKey = (r: Pick<ReactionRecord, "subjectId" | "emoji" | "userId">): string =>
  JSON.stringify([r.subjectId, r.emoji, r.userId])

/** Reactions to comments, keyed by `reactionKey`: they go with their comment. */
export const commentReactionsTable = table<string, ReactionRecord>("commentReactions", {
  table: commentsTable,
  key: (r) => r.subjectId
})

/** Reactions to replies, keyed by `reactionKey`: they go with their reply. */
export const replyReactionsTable = table<string, ReactionRecord>("replyReactions", {
  table: repliesTable,
  key: (r) => r.subjectId
})
