import type { SearchTerm } from "@quire/core"
import type { HashMap } from "effect"
import MiniSearch, { type Query } from "minisearch"
import type { SectionRow } from "./searchTables.js"

const FIELDS = ["title", "heading", "body"] as const

/** Title over heading over body, as FTS5's `bm25(…, 10, 5, 1)` and Postgres' weights A, B, C. */
const BOOST = { title: 10, heading: 5, body: 1 }

/** The tokens of a token text (the core's tokens joined by single spaces): no splitting of our own. */
const tokensOf = (text: string): Array<string> => (text === "" ? [] : text.split(" "))

interface Indexed {
  readonly engine: MiniSearch<Document>
  readonly rows: Map<string, SectionRow>
}

/**
 * One MiniSearch per value of the sections table: the store's tables are immutable maps, so a
 * value never changes, and the index built for it is good until the next write makes another.
 */
const built = new WeakMap<HashMap.HashMap<string, SectionRow>, Indexed>()

/** What MiniSearch indexes of a row: its token texts, under the row's key. */
interface Document {
  readonly key: string
  readonly title: string
  readonly heading: string
  readonly body: string
}

const build = (sections: HashMap.HashMap<string, SectionRow>): Indexed => {
  const engine = new MiniSearch<Document>({
    idField: "key",
    fields: [...FIELDS],
    tokenize: tokensOf,
    processTerm: (term) => term,
    searchOptions: { combineWith: "AND", boost: BOOST, fuzzy: false, prefix: false }
  })
  const rows = new Map<string, SectionRow>()
  const documents: Array<Document> = []
  for (const [key, row] of sections) {
    rows.set(key, row)
    documents.push({ key, ...row.terms })
  }
  engine.addAll(documents)
  return { engine, rows }
}

const indexedFor = (sections: HashMap.HashMap<string, SectionRow>): Indexed => {
  let found = built.get(sections)
  if (found === undefined) {
    found = build(sections)
    built.set(sections, found)
  }
  return found
}

const toQuery = (term: SearchTerm): Query =>
  term._tag === "Word"
    ? { queries: [term.token], prefix: term.prefix }
    : { queries: [...term.tokens], combineWith: "AND", prefix: false }

/** The phrase's tokens, consecutive in one field: fields are tokens joined by single spaces. */
const hasPhrase = (row: SectionRow, tokens: ReadonlyArray<string>): boolean => {
  const phrase = ` ${tokens.join(" ")} `
  return FIELDS.some((field) => ` ${row.terms[field]} `.includes(phrase))
}

/**
 * The sections matching every term, with MiniSearch's score (higher is better): MiniSearch
 * matches each phrase's words, and the phrase itself is checked on the stored token texts.
 */
export const matchingSections = (
  sections: HashMap.HashMap<string, SectionRow>,
  terms: ReadonlyArray<SearchTerm>,
  keep: (row: SectionRow) => boolean
): Array<{ readonly row: SectionRow; readonly score: number }> => {
  const { engine, rows } = indexedFor(sections)
  const phrases = terms.flatMap((term) => (term._tag === "Phrase" ? [term.tokens] : []))
  const results = engine.search({ queries: terms.map(toQuery), combineWith: "AND" })
  return results.flatMap((result) => {
    const row = rows.get(result.id as string)!
    return keep(row) && phrases.every((tokens) => hasPhrase(row, tokens)) ? [{ row, score: result.score }] : []
  })
}
