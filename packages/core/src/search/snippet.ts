import { flatText } from "../content/search/flatText.js"
import { scanTokens, type TokenSink } from "../content/search/searchTokens.js"
import type { SearchTerm } from "../storage/search/SearchRecords.js"

/** The most characters of a section's text a result shows (before marks and ellipses). */
export const SNIPPET_LENGTH = 200
/** How much text a snippet keeps before its first match. */
const LEAD_IN = 60

/** Marks a matched word in a snippet: `**word**`, as bold in markdown. */
export const MARK_OPEN = "**"
export const MARK_CLOSE = "**"

/**
 * The words of the text being cut, in arrays kept between calls: a search renders dozens of
 * sections, and an object and a string per word were most of what it allocated (so, of how
 * often the young generation is collected under searches). An ASCII word's token is `null`:
 * it is compared in place. `snippet` is synchronous, so one set of arrays serves every call.
 */
const words = { starts: [] as Array<number>, ends: [] as Array<number>, tokens: [] as Array<string | null>, count: 0 }
/** Past this many words the arrays are let go after use, so one huge text does not keep them large. */
const KEPT_WORDS = 1 << 16

const wordSink: TokenSink = {
  ascii: (start, end) => {
    words.starts[words.count] = start
    words.ends[words.count] = end
    words.tokens[words.count++] = null
  },
  folded: (token, start, end) => {
    words.starts[words.count] = start
    words.ends[words.count] = end
    words.tokens[words.count++] = token
  }
}

/** Whether word `at` of `text` is `token` (or starts with it): an ASCII word lower-cased in place. */
const wordIs = (text: string, at: number, token: string, prefix: boolean): boolean => {
  const folded = words.tokens[at]!
  if (folded !== null) return prefix ? folded.startsWith(token) : folded === token
  const start = words.starts[at]!
  const length = words.ends[at]! - start
  if (prefix ? length < token.length : length !== token.length) return false
  for (let i = 0; i < token.length; i++) {
    let c = text.charCodeAt(start + i)
    if (c >= 65 && c <= 90) c += 32
    if (c !== token.charCodeAt(i)) return false
  }
  return true
}

/** How many words from word `at` on `term` matches (0: none). */
const matches = (text: string, term: SearchTerm, at: number): number => {
  if (term._tag === "Word") return wordIs(text, at, term.token, term.prefix) ? 1 : 0
  if (at + term.tokens.length > words.count) return 0
  for (let k = 0; k < term.tokens.length; k++) if (!wordIs(text, at + k, term.tokens[k]!, false)) return 0
  return term.tokens.length
}

/** The character ranges of `text` that match a term, in order, not overlapping. */
export const matchedRanges = (text: string, terms: ReadonlyArray<SearchTerm>): ReadonlyArray<readonly [number, number]> => {
  words.count = 0
  scanTokens(text, wordSink)
  const ranges: Array<[number, number]> = []
  for (let at = 0; at < words.count; ) {
    let length = 0
    for (const term of terms) length = Math.max(length, matches(text, term, at))
    if (length === 0) {
      at++
      continue
    }
    const start = words.starts[at]!
    const end = words.ends[at + length - 1]!
    const last = ranges[ranges.length - 1]
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end)
    else ranges.push([start, end])
    at += length
  }
  if (words.starts.length > KEPT_WORDS) {
    words.starts = []
    words.ends = []
    words.tokens = []
  }
  return ranges
}

const isLowSurrogate = (text: string, at: number) => {
  const unit = text.charCodeAt(at)
  return unit >= 0xdc00 && unit <= 0xdfff
}

/** Moves `at` back to the start of the word it is in (never before `floor`). */
const wordStart = (text: string, at: number, floor: number) => {
  let i = at
  while (i > floor && /\S/u.test(text[i - 1]!)) i--
  return i
}

/**
 * A section's text cut to about `SNIPPET_LENGTH` characters around its first match, on one
 * line, each matched word or phrase between `MARK_OPEN` and `MARK_CLOSE`, and `…` where text
 * was cut. With no match in the text (the title matched), its beginning.
 */
export const snippet = (text: string, terms: ReadonlyArray<SearchTerm>): string => {
  const flat = flatText(text)
  const ranges = matchedRanges(flat, terms)
  const first = ranges[0]?.[0] ?? 0
  let start = first <= LEAD_IN ? 0 : wordStart(flat, first - LEAD_IN, 0)
  let end = Math.min(flat.length, start + SNIPPET_LENGTH)
  if (end < flat.length) {
    const cut = wordStart(flat, end, start)
    if (cut > start) end = cut
  }
  // Never cut inside a match, nor inside a surrogate pair.
  for (const [from, to] of ranges) if (from < end && to > end) end = to
  if (start > 0 && isLowSurrogate(flat, start)) start--
  if (end < flat.length && isLowSurrogate(flat, end)) end++
  let out = ""
  let at = start
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue
    out += flat.slice(at, Math.max(at, from)) + MARK_OPEN + flat.slice(Math.max(at, from), to) + MARK_CLOSE
    at = to
  }
  out += flat.slice(at, end)
  return `${start > 0 ? "…" : ""}${out.trim()}${end < flat.length ? "…" : ""}`
}
