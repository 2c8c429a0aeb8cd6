import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * The full-text index of spaces' main content: one row per section of a page (`search_sections`)
 * and, per space, the revision its rows were written for (`search_spaces`). Both go with their
 * space (a purge is one `DELETE FROM spaces`): foreign keys `ON DELETE CASCADE`. The text
 * matched is the core's tokens joined by spaces (`searchTokens.ts`), so neither engine's own
 * word splitting decides what a word is.
 *
 * SQLite: `search_terms` is an FTS5 table over the sections' token texts (title, heading, body),
 * with `search_sections` as its external content (`content_rowid` = `id`): triggers keep it in
 * step with inserts and deletes, the cascade of a purge included. The `ascii` tokenizer splits
 * only on ASCII non-alphanumerics (our spaces) and keeps every non-ASCII letter in its token;
 * prefix indexes of 2 and 3 characters serve short prefix queries.
 *
 * Postgres: `document` is a tsvector the adapter writes as a literal (`search/tsvector.ts`),
 * weighted A (title), B (heading), C (body), with a gap of one position between fields so that
 * a phrase never spans two. `to_tsvector` is not used: its parser depends on the database's
 * locale for non-ASCII text (under C.UTF-8 a run of CJK characters is one word).
 *
 * Rows are inserted and deleted, never updated (a page is rewritten whole).
 * `search_sections_by_page` serves the deletes of a page's rows, a space's, and the cascade.
 */
export const search = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql.onDialectOrElse({
    pg: () =>
      Effect.gen(function* () {
        yield* sql`CREATE TABLE search_sections (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
          page_id ${text} NOT NULL,
          anchor ${text} NOT NULL,
          heading ${text} NOT NULL,
          body ${text} NOT NULL,
          document tsvector NOT NULL
        )`
        yield* sql`CREATE INDEX search_sections_document ON search_sections USING GIN (document)`
      }),
    orElse: () =>
      Effect.gen(function* () {
        yield* sql`CREATE TABLE search_sections (
          id INTEGER PRIMARY KEY,
          space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
          page_id ${text} NOT NULL,
          anchor ${text} NOT NULL,
          heading ${text} NOT NULL,
          body ${text} NOT NULL,
          title_terms ${text} NOT NULL,
          heading_terms ${text} NOT NULL,
          body_terms ${text} NOT NULL
        )`
        yield* sql`CREATE VIRTUAL TABLE search_terms USING fts5(
          title_terms, heading_terms, body_terms,
          content = 'search_sections', content_rowid = 'id',
          tokenize = 'ascii', prefix = '2 3'
        )`
        yield* sql`CREATE TRIGGER search_sections_insert AFTER INSERT ON search_sections BEGIN
          INSERT INTO search_terms (rowid, title_terms, heading_terms, body_terms)
          VALUES (new.id, new.title_terms, new.heading_terms, new.body_terms);
        END`
        yield* sql`CREATE TRIGGER search_sections_delete AFTER DELETE ON search_sections BEGIN
          INSERT INTO search_terms (search_terms, rowid, title_terms, heading_terms, body_terms)
          VALUES ('delete', old.id, old.title_terms, old.heading_terms, old.body_terms);
        END`
      })
  })
  yield* sql`CREATE INDEX search_sections_by_page ON search_sections (space_id, page_id)`

  yield* sql`CREATE TABLE search_spaces (
    space_id ${text} PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
    revision_id ${text} NOT NULL
  )`
})
