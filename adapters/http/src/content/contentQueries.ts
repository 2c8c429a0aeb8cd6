import { Schema } from "effect"
import { BooleanParam, PageParams, UrlText } from "../params.js"

/**
 * The query parameters of the content reads, shared by a space's content (`ContentGroup`) and a
 * change request's (`ChangeRequestContentGroup`), which the official spec gives the same ones.
 */

/** `metadata` and `computed`, accepted by every read (Quire has no git metadata and no computed content). */
export const RevisionParams = {
  metadata: Schema.optional(BooleanParam("metadata")),
  computed: Schema.optional(BooleanParam("computed"))
}

/** A page read's query: `format=markdown` adds each document page's `markdown`. */
export const PageQuery = Schema.Struct({
  ...RevisionParams,
  format: Schema.optional(
    Schema.Literal("document", "markdown").annotations({ message: () => "format must be document or markdown" })
  ),
  "format.markdown.refs": Schema.optional(Schema.Literal("relative", "stable")),
  evaluated: Schema.optional(UrlText),
  dereferenced: Schema.optional(UrlText)
})

/** A read of a page by its path: a page read's query and `cachedMetadata`. */
export const PageByPathQuery = Schema.Struct({ ...PageQuery.fields, cachedMetadata: Schema.optional(BooleanParam("cachedMetadata")) })

/** A list of a revision's files: `page` and `limit`, and the reads' own parameters. */
export const FilesQuery = Schema.Struct({ ...PageParams, ...RevisionParams })
