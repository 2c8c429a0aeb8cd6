import { Effect } from "effect"
import { InvalidInput } from "../shared/errors.js"
import { toKeyset } from "../shared/pagination.js"

/** The longest query, in characters (code points), as the official spec says. */
export const QUERY_MAX = 512
/** Results per page when the caller does not say; `limit` goes up to `MAX_LIMIT` as in every list. */
export const SEARCH_DEFAULT_LIMIT = 20
/** How deep a caller may page: result sets are ranked, so a page far down costs the whole ranking before it. */
export const SEARCH_MAX_OFFSET = 10_000

export interface SearchInput {
  readonly query: string
  readonly page?: string | undefined
  readonly limit?: number | undefined
}

export interface SearchWindow {
  readonly query: string
  readonly offset: number
  readonly limit: number
}

const notOurs = () => InvalidInput.of("page", "not a page token returned by this search")

/**
 * The query (1 to 512 characters), and the page and limit as every list reads them
 * (`toKeyset`), the page token holding an offset in the ranking.
 */
export const searchWindow = (input: SearchInput): Effect.Effect<SearchWindow, InvalidInput> =>
  Effect.gen(function* () {
    const length = [...input.query].length
    if (length < 1 || length > QUERY_MAX) {
      return yield* Effect.fail(InvalidInput.of("query", `must be 1 to ${QUERY_MAX} characters`))
    }
    const { after, limit } = yield* toKeyset({ page: input.page, limit: input.limit ?? SEARCH_DEFAULT_LIMIT })
    if (after === undefined) return { query: input.query, offset: 0, limit }
    const offset = after[0]
    if (after.length !== 1 || typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset > SEARCH_MAX_OFFSET) {
      return yield* Effect.fail(notOurs())
    }
    return { query: input.query, offset, limit }
  })
