import Database from "better-sqlite3"
import { rmSync } from "node:fs"
import { join } from "node:path"
import { type Corpus, rawSections } from "./corpus.js"
import type { RawEngine } from "./rawEngine.js"
import { isSubstringClass, RAW_LIMIT, type RawPlan, rawWords } from "./rawQuery.js"

const SCHEMA = `
  CREATE VIRTUAL TABLE sections USING fts5(
    space_id UNINDEXED, page_id UNINDEXED, anchor UNINDEXED, title, heading, body,
    tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TABLE sections_text (space_id TEXT NOT NULL, page_id TEXT NOT NULL, anchor TEXT NOT NULL, body TEXT NOT NULL);
`

/** Ranked by bm25, a snippet of the best column, the space as a plain filter on an unindexed column. */
const MATCH = `
  SELECT space_id, page_id, anchor, heading, bm25(sections) AS score,
         snippet(sections, -1, '<mark>', '</mark>', '…', 12) AS snippet
  FROM sections
  WHERE sections MATCH ? AND space_id IN (SELECT value FROM json_each(?))
  ORDER BY score
  LIMIT ${RAW_LIMIT}`

/**
 * unicode61 keeps a run of CJK characters as one token, so a 2-character substring is found
 * by scanning the text: what an FTS5 trigram table does too for a `LIKE` below its 3
 * characters (a plain table here, which scans the same rows and takes a tenth of the time to
 * build). Ranked by where the text occurs, which needs every match.
 */
const SUBSTRING = `
  SELECT space_id, page_id, anchor, instr(body, @text) AS at,
         substr(body, max(instr(body, @text) - 30, 1), 80) AS snippet
  FROM sections_text
  WHERE body LIKE '%' || @text || '%' AND space_id IN (SELECT value FROM json_each(@spaces))
  ORDER BY at
  LIMIT ${RAW_LIMIT}`

/** FTS5's own syntax for each class: the words as typed (implicit AND), `"…"` a phrase, `word*` a prefix. */
const matchText = (className: string, text: string) => (className === "prefix" ? `${text}*` : text)

/** Every word as an FTS5 string: what a careful caller sends when the text as typed is not valid syntax. */
const quoted = (text: string) => rawWords(text).map((word) => `"${word}"`).join(" ")

/** The corpus in an FTS5 table (and a plain one for substrings) in a file of the run's directory. */
export const rawSqliteEngine = async (corpus: Corpus, dir: string): Promise<RawEngine> => {
  const filename = join(dir, "search-raw.db")
  const started = performance.now()
  const db = new Database(filename)
  db.pragma("journal_mode = WAL")
  db.exec(SCHEMA)
  const insert = db.prepare("INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?)")
  const insertText = db.prepare("INSERT INTO sections_text VALUES (?, ?, ?, ?)")
  db.transaction(() => {
    for (const s of rawSections(corpus)) {
      insert.run(s.spaceId, s.pageId, s.anchor, s.title, s.heading, s.body)
      insertText.run(s.spaceId, s.pageId, s.anchor, s.body)
    }
  })()
  db.exec("INSERT INTO sections(sections) VALUES ('optimize')")
  const buildSeconds = (performance.now() - started) / 1000
  const match = db.prepare(MATCH)
  const substring = db.prepare(SUBSTRING)

  const run = async (plan: RawPlan, spaceIds: ReadonlyArray<string>) =>
    plan.kind === "substring"
      ? substring.all({ text: plan.input, spaces: JSON.stringify(spaceIds) }).length
      : match.all(plan.input, JSON.stringify(spaceIds)).length

  return {
    title: "raw FTS5",
    buildSeconds,
    plan: async (queryClass, text, spaceIds) => {
      if (isSubstringClass(queryClass)) return { kind: "substring", input: text }
      const input = matchText(queryClass.name, text)
      try {
        await run({ kind: "match", input }, spaceIds)
        return { kind: "match", input }
      } catch (error) {
        return { kind: "match", input: quoted(text), error: `${(error as Error).message} → ${quoted(text)}` }
      }
    },
    run,
    close: async () => {
      db.close()
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${filename}${suffix}`, { force: true })
    }
  }
}
