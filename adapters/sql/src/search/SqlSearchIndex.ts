import { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { type IndexChange, type IndexedSection, type RevisionId, SearchIndex, type SpaceId } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { chunksOf } from "../shared/chunks.js"
import { SqlReader } from "../shared/SqlReader.js"
import { pageHitsStatement, toPageHits } from "./pageHits.js"
import { keepSpaceRowsTogether } from "./spaceRows.js"
import { effectiveTerms } from "./searchTerms.js"
import { tsvectorText } from "./tsvector.js"

/**
 * SQLite: rows per INSERT. A section is 8 parameters, well under the engine's limit, and
 * sections carry whole bodies, so fewer than other batches.
 */
const INSERT_CHUNK = 200

/** Postgres: sections per INSERT, sent as five array parameters (`unnest`), so the statement stays small whatever the count. */
const PG_INSERT_CHUNK = 2_000

export const makeSqlSearchIndex = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  /**
   * Writes a space's sections. Postgres keeps each section's tsvector, built here
   * (`tsvectorText`), and takes a chunk's columns as arrays in one statement; SQLite keeps the
   * token texts, which its FTS5 table reads through triggers.
   */
  const insertSections: (spaceId: SpaceId, sections: ReadonlyArray<IndexedSection>) => Effect.Effect<void, SqlError> = sql.onDialectOrElse({
    pg: () => (spaceId: SpaceId, sections: ReadonlyArray<IndexedSection>) =>
      Effect.forEach(
        chunksOf(sections, PG_INSERT_CHUNK),
        (chunk) =>
          sql`INSERT INTO search_sections (space_id, page_id, anchor, heading, body, document)
            SELECT ${spaceId}, page_id, anchor, heading, body, document FROM unnest(
              ${chunk.map((s) => s.pageId)}::text[], ${chunk.map((s) => s.anchor)}::text[], ${chunk.map((s) => s.heading)}::text[],
              ${chunk.map((s) => s.body)}::text[], ${chunk.map((s) => tsvectorText(s.terms))}::tsvector[]
            ) WITH ORDINALITY AS t (page_id, anchor, heading, body, document, ord) ORDER BY ord`,
        { discard: true }
      ),
    orElse: () => (spaceId: SpaceId, sections: ReadonlyArray<IndexedSection>) =>
      Effect.forEach(
        chunksOf(sections, INSERT_CHUNK),
        (chunk) =>
          sql`INSERT INTO search_sections ${sql.insert(
            chunk.map((s) => ({
              spaceId,
              pageId: s.pageId,
              anchor: s.anchor,
              heading: s.heading,
              body: s.body,
              titleTerms: s.terms.title,
              headingTerms: s.terms.heading,
              bodyTerms: s.terms.body
            }))
          )}`,
        { discard: true }
      )
  })

  /** The columns a copy takes from the source rows (all but `id` and `space_id`). */
  const copiedColumns = sql.literal(
    sql.onDialectOrElse({
      pg: () => "page_id, anchor, heading, body, document",
      orElse: () => "page_id, anchor, heading, body, title_terms, heading_terms, body_terms"
    })
  )

  /** SQLite: a space's rows kept close together, for its searches (`spaceRows.ts`). */
  const keepTogether: (spaceId: SpaceId) => Effect.Effect<void, SqlError> = sql.onDialectOrElse({
    pg: () => () => Effect.void,
    orElse: () => (spaceId: SpaceId) => keepSpaceRowsTogether(sql, spaceId, copiedColumns)
  })

  const recordRevision = (spaceId: SpaceId, revisionId: RevisionId) =>
    sql`INSERT INTO search_spaces (space_id, revision_id) VALUES (${spaceId}, ${revisionId})
      ON CONFLICT (space_id) DO UPDATE SET revision_id = excluded.revision_id`

  const apply = (change: IndexChange) =>
    Effect.gen(function* () {
      // A page listed twice is written as its last listing, as deleting and inserting in turn would.
      const latest = new Map(change.pages.map((page) => [page.pageId, page.sections]))
      if (change.replaceAll) {
        yield* sql`DELETE FROM search_sections WHERE space_id = ${change.spaceId}`
      } else {
        const dropped = [...new Set([...change.removedPages, ...latest.keys()])]
        for (const chunk of chunksOf(dropped)) {
          yield* sql`DELETE FROM search_sections WHERE space_id = ${change.spaceId} AND page_id IN ${sql.in(chunk)}`
        }
      }
      yield* insertSections(change.spaceId, [...latest.values()].flat())
      yield* keepTogether(change.spaceId)
      yield* recordRevision(change.spaceId, change.revisionId)
    }).pipe(Effect.orDie)

  return SearchIndex.of({
    indexedRevision: (spaceId) =>
      read(sql<{ revisionId: string }>`SELECT revision_id FROM search_spaces WHERE space_id = ${spaceId}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (row) => row.revisionId as RevisionId)),
        Effect.orDie
      ),
    apply,
    copy: (from, to) =>
      Effect.gen(function* () {
        yield* sql`DELETE FROM search_sections WHERE space_id = ${to}`
        yield* sql`INSERT INTO search_sections (space_id, ${copiedColumns})
          SELECT ${to}, ${copiedColumns} FROM search_sections WHERE space_id = ${from} ORDER BY id`
        yield* sql`DELETE FROM search_spaces WHERE space_id = ${to}`
        yield* sql`INSERT INTO search_spaces (space_id, revision_id)
          SELECT ${to}, revision_id FROM search_spaces WHERE space_id = ${from}`
      }).pipe(Effect.orDie),
    search: (query, spaceIds, window) => {
      const terms = effectiveTerms(query.terms)
      if (terms.length === 0 || spaceIds.length === 0 || window.limit <= 0) return Effect.succeed([])
      return read(pageHitsStatement(sql, terms, spaceIds, window)).pipe(Effect.map(toPageHits), Effect.orDie)
    },
    stale: (limit) =>
      read(sql<{ spaceId: string; revisionId: string }>`SELECT s.id AS space_id, s.revision_id
        FROM spaces s LEFT JOIN search_spaces i ON i.space_id = s.id
        WHERE s.deleted_at IS NULL AND (i.revision_id IS NULL OR i.revision_id <> s.revision_id)
        ORDER BY s.id LIMIT ${limit}`).pipe(
        Effect.map((rows) => rows.map((row) => ({ spaceId: row.spaceId as SpaceId, revisionId: row.revisionId as RevisionId }))),
        Effect.orDie
      )
  })
})

export const SqlSearchIndex = { layer: Layer.effect(SearchIndex, makeSqlSearchIndex) }
