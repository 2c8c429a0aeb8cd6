import { Schema } from "effect"
import { MAX_ID_LENGTH, MAX_REF_LENGTH } from "../content/tree/inputs.js"
import { lengthBetween, maxLength } from "../shared/validation.js"

/** The longest body, in characters. */
export const BODY_MAX = 10_000
/** The most emoji one update may add or remove. */
export const REACTIONS_PER_UPDATE_MAX = 20
/** The most authors a list may filter on. */
export const AUTHORS_MAX = 100

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" })
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u

/** One emoji: a single grapheme (a flag, a skin tone or a keycap sequence is one) that is an emoji. */
export const isReactionEmoji = (value: string): boolean => {
  if (value.length === 0 || value.length > 64 || !EMOJI.test(value)) return false
  let graphemes = 0
  for (const _ of segmenter.segment(value)) if (++graphemes > 1) return false
  return graphemes === 1
}

export const ReactionEmoji = Schema.String.pipe(
  Schema.filter(isReactionEmoji, {
    message: () => "must be a single emoji",
    arbitrary: () => (fc) => fc.constantFrom("👍", "🎉", "❤️", "🇫🇷", "👩‍💻", "1️⃣")
  })
)

/**
 * A body: markdown, 1 to 10,000 characters. The official `Document` also has a JSON form and an
 * empty one; Quire keeps markdown, so `markdown` is required.
 */
export const CommentBodyInput = Schema.Struct({
  markdown: lengthBetween(1, BODY_MAX)
})

const Reactions = Schema.Array(ReactionEmoji).pipe(
  Schema.maxItems(REACTIONS_PER_UPDATE_MAX, { message: () => `must hold at most ${REACTIONS_PER_UPDATE_MAX} emoji` })
)

/** The official `PostCommentSchema` (without `tableCell`: Quire's pages have no tables of records). */
export const PostCommentInput = Schema.Struct({
  body: CommentBodyInput,
  /** The page it is about, by id. */
  page: Schema.optional(maxLength(MAX_ID_LENGTH)),
  /** A block of that page, by its anchor (needs `page`). */
  node: Schema.optional(maxLength(MAX_REF_LENGTH))
})
export type PostCommentInput = typeof PostCommentInput.Encoded

/** The official `UpdateCommentSchema`. */
export const UpdateCommentInput = Schema.Struct({
  resolved: Schema.optional(Schema.Boolean),
  body: Schema.optional(CommentBodyInput),
  addedReactions: Schema.optional(Reactions),
  removedReactions: Schema.optional(Reactions)
})
export type UpdateCommentInput = typeof UpdateCommentInput.Encoded

/** The official `PostCommentReplySchema`. */
export const PostCommentReplyInput = Schema.Struct({ body: CommentBodyInput })
export type PostCommentReplyInput = typeof PostCommentReplyInput.Encoded

/** The official `UpdateCommentReplySchema`. */
export const UpdateCommentReplyInput = Schema.Struct({
  body: Schema.optional(CommentBodyInput),
  addedReactions: Schema.optional(Reactions),
  removedReactions: Schema.optional(Reactions)
})
export type UpdateCommentReplyInput = typeof UpdateCommentReplyInput.Encoded

/** The official `listCommentsIn*` query. */
export const CommentListQuery = Schema.Struct({
  order: Schema.optional(Schema.Literal("asc", "desc")),
  status: Schema.optional(Schema.Literal("all", "open", "resolved")),
  targetPage: Schema.optional(maxLength(MAX_ID_LENGTH)),
  authors: Schema.optional(
    Schema.Array(maxLength(MAX_ID_LENGTH)).pipe(Schema.maxItems(AUTHORS_MAX, { message: () => `must name at most ${AUTHORS_MAX} users` }))
  )
})
export type CommentListQuery = typeof CommentListQuery.Encoded
