import { Effect, Schema } from "effect"
import { InvalidInput } from "./errors.js"
import { storableTextRule } from "./storableText.js"

export const DEFAULT_LIMIT = 50
export const MAX_LIMIT = 1000

/** What a caller asks for: an opaque `page` token from a previous `next`, and a `limit`. */
export interface PageRequest {
  readonly page?: string | undefined
  readonly limit?: number | undefined
}

export type SortValue = string | number
/** What a repository is given: start strictly after this sort key, return at most `limit + 1` rows. */
export interface Keyset {
  readonly after: ReadonlyArray<SortValue> | undefined
  readonly limit: number
}

/** What a repository returns: up to `limit + 1` rows (one more tells there is a next page) and the total. */
export interface Slice<R> {
  readonly rows: ReadonlyArray<R>
  readonly count: number
}

export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly count: number
  readonly next?: { readonly page: string } | undefined
}

export const encodeCursor = (key: ReadonlyArray<SortValue>): string =>
  Buffer.from(JSON.stringify(key), "utf8").toString("base64url")

/** A sort key's text, as storage keeps it (a forged token could hold anything). */
const StoredText = Schema.String.pipe(Schema.filter((s) => storableTextRule(s) === undefined))
const CursorJson = Schema.parseJson(Schema.Array(Schema.Union(StoredText, Schema.Number)))
const decodeCursorJson = Schema.decodeUnknownEither(CursorJson)

export const decodeCursor = (page: string): Effect.Effect<ReadonlyArray<SortValue>, InvalidInput> => {
  const decoded = decodeCursorJson(Buffer.from(page, "base64url").toString("utf8"))
  return decoded._tag === "Right" && decoded.right.length > 0
    ? Effect.succeed(decoded.right)
    : Effect.fail(InvalidInput.of("page", "not a page token returned by this list"))
}

export const toKeyset = (request: PageRequest): Effect.Effect<Keyset, InvalidInput> => {
  const limit = request.limit ?? DEFAULT_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return Effect.fail(InvalidInput.of("limit", `must be a whole number from 1 to ${MAX_LIMIT}`))
  }
  if (request.page === undefined || request.page === "") return Effect.succeed({ after: undefined, limit })
  return Effect.map(decodeCursor(request.page), (after) => ({ after, limit }))
}

/** Turns a repository slice into a page, rendering each kept row. */
export const toPage = <R, A>(
  keyset: Keyset,
  slice: Slice<R>,
  sortKey: (row: R) => ReadonlyArray<SortValue>,
  render: (row: R) => A
): Page<A> => {
  const more = slice.rows.length > keyset.limit
  const rows = more ? slice.rows.slice(0, keyset.limit) : slice.rows
  return {
    items: rows.map(render),
    count: slice.count,
    next: more ? { page: encodeCursor(sortKey(rows[rows.length - 1]!)) } : undefined
  }
}

/** Keyset pagination over an in-memory array already sorted by `sortKey` (memory adapter, tests). */
export const sliceSorted = <R>(
  sorted: ReadonlyArray<R>,
  keyset: Keyset,
  sortKey: (row: R) => ReadonlyArray<SortValue>,
  direction: "asc" | "desc" = "asc"
): Slice<R> => {
  let start = 0
  if (keyset.after !== undefined) {
    const after = keyset.after
    const sign = direction === "asc" ? 1 : -1
    start = sorted.findIndex((row) => sign * compareKeys(sortKey(row), after) > 0)
    if (start === -1) start = sorted.length
  }
  return { rows: sorted.slice(start, start + keyset.limit + 1), count: sorted.length }
}

export const compareKeys = (a: ReadonlyArray<SortValue>, b: ReadonlyArray<SortValue>): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!
    const y = b[i]!
    if (x < y) return -1
    if (x > y) return 1
  }
  return a.length - b.length
}

/** Where a page of a list answered whole from memory starts (an offset), and how long it is. */
export interface OffsetWindow {
  readonly start: number
  readonly limit: number
}

const notAnOffsetToken = () => InvalidInput.of("page", "is not a page token this list gave")

/**
 * The window a request asks of a list answered whole from memory (a revision's files, its
 * links): `page` is the offset the previous page's `next` gave, `limit` checked as every list
 * checks it. A revision never changes, so a walk over one revision sees every item once.
 */
export const offsetWindow = (request: PageRequest): Effect.Effect<OffsetWindow, InvalidInput> => {
  const limit = request.limit ?? DEFAULT_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return Effect.fail(InvalidInput.of("limit", `must be a whole number from 1 to ${MAX_LIMIT}`))
  }
  if (request.page !== undefined && !/^[0-9]{1,9}$/.test(request.page)) return Effect.fail(notAnOffsetToken())
  return Effect.succeed({ start: request.page === undefined ? 0 : Number(request.page), limit })
}

/** That window of `items`; a start past the end is no token the list gave. */
export const offsetPage = <A>(items: ReadonlyArray<A>, { start, limit }: OffsetWindow): Effect.Effect<Page<A>, InvalidInput> => {
  if (start > items.length) return Effect.fail(notAnOffsetToken())
  const end = start + limit
  return Effect.succeed({
    ...(end < items.length ? { next: { page: String(end) } } : {}),
    count: items.length,
    items: items.slice(start, end)
  })
}
