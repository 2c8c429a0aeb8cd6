import type { SearchTerm } from "@quire/core"

/**
 * The terms an engine is asked for: a phrase of no token says nothing and is dropped, a phrase
 * of one token is that word. No term left, or an empty token (the core makes none; no text
 * holds one): the query matches nothing, and the adapter answers `[]` without asking the
 * engine, whose syntax has no empty query or empty lexeme.
 */
export const effectiveTerms = (terms: ReadonlyArray<SearchTerm>): ReadonlyArray<SearchTerm> =>
  terms.some((term) => (term._tag === "Word" ? [term.token] : term.tokens).includes("")) ? [] : terms.flatMap((term): ReadonlyArray<SearchTerm> =>
    term._tag === "Word"
      ? [term]
      : term.tokens.length === 0
        ? []
        : term.tokens.length === 1
          ? [{ _tag: "Word", token: term.tokens[0]!, prefix: false }]
          : [term]
  )

/** The tokens of a token text (the core's tokens joined by single spaces). */
export const tokensOf = (text: string): ReadonlyArray<string> => (text === "" ? [] : text.split(" "))
