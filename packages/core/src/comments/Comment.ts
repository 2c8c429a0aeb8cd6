import { Schema } from "effect"
import { ChangeRequestId, CommentId, CommentReplyId, RevisionId, SpaceId } from "../shared/ids.js"
import { User } from "../users/User.js"

/** The official `EmojiReaction`: one emoji, and who reacted with it when. */
export const EmojiReaction = Schema.Struct({
  emoji: Schema.String,
  count: Schema.Number,
  users: Schema.Array(Schema.Struct({ user: User, reactedAt: Schema.String }))
}).annotations({ identifier: "EmojiReaction" })
export interface EmojiReaction extends Schema.Schema.Type<typeof EmojiReaction> {}

/** A comment's or a reply's body: Quire keeps markdown (the official `Document`'s markdown form). */
export const CommentBody = Schema.Struct({ markdown: Schema.String }).annotations({ identifier: "CommentBody" })

/** The official `UserContributor`, for `repliers`. */
export const CommentReplier = Schema.Struct({
  user: User,
  count: Schema.Number,
  updatedAt: Schema.String
}).annotations({ identifier: "CommentReplier" })

export const CommentPermissions = Schema.Struct({
  view: Schema.Boolean,
  edit: Schema.Boolean,
  reply: Schema.Boolean,
  delete: Schema.Boolean
}).annotations({ identifier: "CommentPermissions" })
export interface CommentPermissions extends Schema.Schema.Type<typeof CommentPermissions> {}

/** What a comment is about: always its space and revision; a page, a block of it, a change request when so. */
export const CommentTarget = Schema.Struct({
  space: SpaceId,
  revision: RevisionId,
  changeRequest: Schema.optional(ChangeRequestId),
  page: Schema.optional(
    Schema.Struct({
      id: Schema.String,
      /** Absent once the page is gone from the content the comment is read in. */
      title: Schema.optional(Schema.String),
      path: Schema.optional(Schema.String),
      emoji: Schema.optional(Schema.String),
      icon: Schema.optional(Schema.String),
      /** The page's content changed since the comment was posted (or the page is gone). */
      outdated: Schema.Boolean
    })
  ),
  node: Schema.optional(Schema.Struct({ id: Schema.String, preview: Schema.String }))
}).annotations({ identifier: "CommentTarget" })
export interface CommentTarget extends Schema.Schema.Type<typeof CommentTarget> {}

const commentFields = {
  object: Schema.Literal("comment"),
  id: CommentId,
  postedBy: User,
  postedAt: Schema.String,
  editedAt: Schema.optional(Schema.String),
  reactions: Schema.Array(EmojiReaction),
  replies: Schema.Number,
  repliers: Schema.Array(CommentReplier),
  body: CommentBody,
  target: CommentTarget,
  urls: Schema.Struct({ location: Schema.String }),
  permissions: CommentPermissions
}

/** The official `Comment`: open, or resolved with when and by whom. */
export const Comment = Schema.Union(
  Schema.Struct({ ...commentFields, status: Schema.Literal("open") }),
  Schema.Struct({ ...commentFields, status: Schema.Literal("resolved"), resolvedAt: Schema.String, resolvedBy: User })
).annotations({ identifier: "Comment" })
export type Comment = Schema.Schema.Type<typeof Comment>

/** The official `CommentReply`. */
export const CommentReply = Schema.Struct({
  object: Schema.Literal("comment-reply"),
  id: CommentReplyId,
  postedBy: User,
  postedAt: Schema.String,
  editedAt: Schema.optional(Schema.String),
  reactions: Schema.Array(EmojiReaction),
  body: CommentBody,
  urls: Schema.Struct({ location: Schema.String }),
  permissions: CommentPermissions
}).annotations({ identifier: "CommentReply" })
export interface CommentReply extends Schema.Schema.Type<typeof CommentReply> {}
