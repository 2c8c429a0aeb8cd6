import type { SearchTerm } from "@quire/core"

/** A token as an FTS5 string, so that no token is ever syntax (`NEAR`, `AND`, `-`, `:`): a `"` doubled. */
const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`

/**
 * The FTS5 query (`MATCH`) for every term at once: a word is a string, a prefix word a string
 * followed by `*`, a phrase one string of its tokens (the tokenizer splits it back on its
 * spaces, and FTS5 matches them consecutively in one column). Terms are joined with `AND`.
 */
export const ftsQuery = (terms: ReadonlyArray<SearchTerm>): string =>
  terms
    .map((term) =>
      term._tag === "Word" ? `${ftsString(term.token)}${term.prefix ? "*" : ""}` : ftsString(term.tokens.join(" "))
    )
    .join(" AND ")
