import { Effect } from "effect"
import { decodeCursor, MAX_LIMIT } from "../shared/pagination.js"
import { InvalidInput } from "../shared/errors.js"

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

/** The query (1 to 512 characters), the page token (an offset in the ranking) and the limit. */
export const searchWindow = (input: SearchInput): Effect.Effect<SearchWindow, InvalidInput> =>
  Effect.gen(function* () {
    const length = [...input.query].length
    if (length < 1 || length > QUERY_MAX) {
      return yield* Effect.fail(InvalidInput.of("query", `must be 1 to ${QUERY_MAX} characters`))
    }
    const limit = input.limit ?? SEARCH_DEFAULT_LIMIT
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return yield* Effect.fail(InvalidInput.of("limit", `must be a whole number from 1 to ${MAX_LIMIT}`))
    }
    if (input.page === undefined || input.page === "") return { query: input.query, offset: 0, limit }
    const key = yield* decodeCursor(input.page)
    const offset = key[0]
    if (key.length !== 1 || typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset > SEARCH_MAX_OFFSET) {
      return yield* Effect.fail(InvalidInput.of("page", "not a page token returned by this search"))
    }
    return { query: input.query, offset, limit }
  })

