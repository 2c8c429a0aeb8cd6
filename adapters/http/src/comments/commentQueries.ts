import { Schema } from "effect"
import { Order, PageParams, UrlText } from "../params.js"

/**
 * The official `format` of a comment's body: Quire keeps markdown, so `markdown` (or none)
 * answers it and `document` is refused, naming `format` (see `markdownOf`).
 */
const format = Schema.optional(Schema.Literal("document", "markdown").annotations({ message: () => "format must be document or markdown" }))

/** A read of one comment or reply, and a reply's post (the official spec gives it `format` too). */
export const CommentReadQuery = Schema.Struct({ format })

/** `listCommentsIn*`: a page of top-level comments, filtered by status, target page and authors. */
export const CommentListQuery = Schema.Struct({
  ...PageParams,
  order: Schema.optional(Order.annotations({ default: "desc" })),
  status: Schema.optional(
    Schema.Literal("all", "open", "resolved").annotations({ default: "all", message: () => "status must be all, open or resolved" })
  ),
  format,
  targetPage: Schema.optional(UrlText),
  /** User ids, the parameter repeated (`authors=a&authors=b`); one alone arrives as a string. */
  authors: Schema.optional(Schema.ArrayEnsure(UrlText))
})

/** `listCommentRepliesIn*`: a page of a comment's replies. */
export const CommentRepliesQuery = Schema.Struct({ ...PageParams, format })

/** `listCommentersIn*`: a page of the members who posted. */
export const CommentersQuery = Schema.Struct(PageParams)
