import { tokenSpans } from "../content/search/searchTokens.js"
import type { SearchQuery, SearchTerm } from "../storage/search/SearchRecords.js"

/** A prefix shorter than this is matched as a whole word: one letter would match most of the index. */
export const MIN_PREFIX_LENGTH = 2

const termFrom = (text: string, prefix: boolean): SearchTerm | undefined => {
  const spans = tokenSpans(text)
  if (spans.length === 0) return undefined
  if (spans.length === 1) {
    const [span] = spans as [(typeof spans)[number]]
    return { _tag: "Word", token: span.token, prefix: prefix && !span.cjk && span.token.length >= MIN_PREFIX_LENGTH }
  }
  return { _tag: "Phrase", tokens: spans.map((span) => span.token) }
}

const keyOf = (term: SearchTerm) => (term._tag === "Word" ? `w:${term.token}:${term.prefix}` : `p:${term.tokens.join(" ")}`)

/**
 * What a person typed, as terms that must all match: words separated by spaces, `"quoted
 * phrases"`, a word whose characters the index splits (`snake_case`, `東京都`, `v1.2`) as a
 * phrase, and the last word as a prefix when nothing follows it (search as you type).
 * Punctuation is only a separator, so no engine syntax reaches an engine; a quote left open
 * is a separator too. A query of punctuation only has no terms (and finds nothing).
 */
export const parseQuery = (text: string): SearchQuery => {
  const terms: Array<SearchTerm> = []
  const seen = new Set<string>()
  const add = (term: SearchTerm | undefined) => {
    if (term === undefined || seen.has(keyOf(term))) return
    seen.add(keyOf(term))
    terms.push(term)
  }
  const parts = text.split('"')
  // An even number of parts means an odd number of quotes: the last one is left open.
  const closed = parts.length % 2 === 1 ? parts.length : parts.length - 1
  const endsInWord = /[\p{L}\p{N}\p{M}]$/u.test(text)
  for (const [i, part] of parts.entries()) {
    const quoted = i % 2 === 1 && i < closed
    if (quoted) {
      add(termFrom(part, false))
      continue
    }
    const words = part.split(/\s+/u).filter((word) => word !== "")
    for (const [j, word] of words.entries()) add(termFrom(word, endsInWord && i === parts.length - 1 && j === words.length - 1))
  }
  return { terms }
}
