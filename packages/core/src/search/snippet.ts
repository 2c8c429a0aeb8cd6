import { type TokenSpan, tokenSpans } from "../content/search/searchTokens.js"
import type { SearchTerm } from "../storage/search/SearchRecords.js"

/** The most characters of a section's text a result shows (before marks and ellipses). */
export const SNIPPET_LENGTH = 200
/** How much text a snippet keeps before its first match. */
const LEAD_IN = 60

/** Marks a matched word in a snippet: `**word**`, as bold in markdown. */
export const MARK_OPEN = "**"
export const MARK_CLOSE = "**"

const matches = (term: SearchTerm, spans: ReadonlyArray<TokenSpan>, at: number): number => {
  if (term._tag === "Word") {
    const token = spans[at]!.token
    return (term.prefix ? token.startsWith(term.token) : token === term.token) ? 1 : 0
  }
  if (at + term.tokens.length > spans.length) return 0
  return term.tokens.every((token, k) => spans[at + k]!.token === token) ? term.tokens.length : 0
}

/** The character ranges of `text` that match a term, in order, not overlapping. */
export const matchedRanges = (text: string, terms: ReadonlyArray<SearchTerm>): ReadonlyArray<readonly [number, number]> => {
  const spans = tokenSpans(text)
  const ranges: Array<[number, number]> = []
  for (let at = 0; at < spans.length; ) {
    let length = 0
    for (const term of terms) length = Math.max(length, matches(term, spans, at))
    if (length === 0) {
      at++
      continue
    }
    const start = spans[at]!.start
    const end = spans[at + length - 1]!.end
    const last = ranges[ranges.length - 1]
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end)
    else ranges.push([start, end])
    at += length
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
  const flat = text.replace(/\s+/gu, " ").trim()
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
