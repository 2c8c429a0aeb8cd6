import type { SearchTerm } from "@quire/core"

/**
 * A token as a tsquery or tsvector lexeme: quoted, a `'` doubled and a `\` escaped. Tokens are
 * letters and digits only; the escapes are there so that no text is ever syntax.
 */
export const lexeme = (token: string): string => `'${token.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`

/**
 * The tsquery text, cast by the statement (`CAST(… AS tsquery)`: no dictionary, the lexemes
 * are taken as written): a word is a lexeme, a prefix word `'tok':*`, a phrase its lexemes
 * joined by `<->` (next to each other). Terms are joined with `&`.
 */
export const tsquery = (terms: ReadonlyArray<SearchTerm>): string =>
  terms
    .map((term) =>
      term._tag === "Word" ? `${lexeme(term.token)}${term.prefix ? ":*" : ""}` : `(${term.tokens.map(lexeme).join(" <-> ")})`
    )
    .join(" & ")
