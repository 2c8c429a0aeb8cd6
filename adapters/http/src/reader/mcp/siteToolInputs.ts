import { MAX_LIMIT, QUERY_MAX, SEARCH_DEFAULT_LIMIT } from "@quire/core"
import { Schema } from "effect"
import { UrlText } from "../../params.js"

/**
 * The site MCP tools' inputs. Their JSON Schemas are made from these (`inputSchemaOf`), and
 * the arguments decoded with them, so what a schema says is what the tool enforces.
 */

/** 1 to `QUERY_MAX` characters (code points), as the REST search counts them. */
const Query = UrlText.pipe(
  Schema.filter(
    (query) => {
      const length = [...query].length
      return (length >= 1 && length <= QUERY_MAX) || `must be 1 to ${QUERY_MAX} characters`
    },
    { jsonSchema: { minLength: 1, maxLength: QUERY_MAX } }
  )
).annotations({ description: "The words to search for" })

const Limit = Schema.Int.pipe(
  Schema.between(1, MAX_LIMIT, { message: () => `must be an integer from 1 to ${MAX_LIMIT}` })
).annotations({ description: `How many pages to answer, at most (${SEARCH_DEFAULT_LIMIT} unless asked)` })

export const SiteSearchInput = Schema.Struct({ query: Query, limit: Schema.optional(Limit) })

/** A page by its path (or URL) under the site, or by its id (one of the two). */
export const SiteReadPageInput = Schema.Struct({
  path: Schema.optional(
    UrlText.annotations({
      description:
        "The page's path under the site, as in its URL (`getting-started/install`, `<section>/<variant>/<page>`; empty: the site's first page), or its full URL on the site"
    })
  ),
  pageId: Schema.optional(UrlText.annotations({ description: "The page's id (one of `path` and `pageId`)" })),
  siteSpaceId: Schema.optional(
    UrlText.annotations({ description: "With `pageId`: the site space to read it in (list_pages names them); unset, the first that has it" })
  )
})

/** No arguments; said as an object with no properties (an empty struct's own JSON Schema would also allow an array). */
export const ListPagesInput = Schema.Struct({}).annotations({ jsonSchema: { type: "object", properties: {} } })
