import type { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { MAX_SECTIONS_PER_PAGE, type PageHit, RANKED_SECTIONS, type SearchTerm, type SectionHit, type SpaceId } from "@quire/core"
import { ftsQuery } from "./ftsQuery.js"
import { rowsOfSpace } from "./spaceRows.js"
import { tsquery } from "./tsquery.js"

/** One matching section of a page of the window, with its page's score. */
export interface SectionHitRow {
  readonly spaceId: string
  readonly pageId: string
  readonly pageScore: unknown
  readonly anchor: string
  readonly heading: string
  readonly body: string
  readonly score: unknown
}

/**
 * Postgres' `ts_rank` weights, in its order {D, C, B, A}: body (C) 0.1, heading (B) 0.5, title
 * (A) 1, the same ratio as FTS5's `bm25(…, 10, 5, 1)`. D is never written.
 */
const PG_WEIGHTS = "{0.1, 0.1, 0.5, 1}"

/**
 * A whole number written into the statement's text rather than bound. With any of its three
 * limits bound, each run of the search on SQLite cost about one more preparation of the
 * statement (0.14 ms): a rare word across the organization 0.21 → 0.08 ms, a phrase 0.57 →
 * 0.38, in isolation (`docs/performance.md`, session 15; measured, not traced to SQLite's
 * planner). The offset bound costs nothing, and stays bound: paging would make a new text to
 * prepare of each offset, where the limits make a few (the reader keeps them prepared).
 */
const integer = (sql: SqlClient, n: number): Fragment => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`)
  return sql.literal(String(n))
}

/**
 * Postgres, one space, several terms of which one is a prefix (search as you type): the space's
 * rows are matched one by one instead of through the GIN index. The index answers a prefix by
 * reading the whole posting list of every word it starts, and of every other term of the query,
 * across every space, where exact words alone are intersected as they are read: two common
 * words in one space, the last a prefix, 0.83 ms in the index against 0.18 for the space's 407
 * rows; the planner does not see that cost. One term is read the same way prefix or not, and
 * stays with the index. Matching the rows costs the space's size: ~0.26 µs a section, 2 ms more
 * than the index for a space of 8,000 (`docs/performance.md`, session 18).
 */
const scansSpaceRows = (terms: ReadonlyArray<SearchTerm>, spaceIds: ReadonlyArray<SpaceId>) =>
  spaceIds.length === 1 && terms.length > 1 && terms.some((term) => term._tag === "Word" && term.prefix)

/**
 * The matching sections of `spaceIds` with their scores (higher is better), as the CTE
 * `hits (id, space_id, page_id, anchor, score)`. Materialized: the engine's match and rank
 * run once, for the pages' grouping and for their sections. At most `RANKED_SECTIONS`, the
 * first in the engine's order (FTS5: rowid; Postgres: the plan's): ranking is per output row,
 * so a word in every section costs that many scores, not one per section.
 */
const hits = (sql: SqlClient, terms: ReadonlyArray<SearchTerm>, spaceIds: ReadonlyArray<SpaceId>): Fragment =>
  sql.onDialectOrElse({
    // The match is the one part whose plan depends on the values: it runs in a function planned
    // for them each time (migration 0020), and the statement around it is planned once.
    pg: () => sql`hits AS MATERIALIZED (
      SELECT id, space_id COLLATE "C" AS space_id, page_id COLLATE "C" AS page_id, anchor COLLATE "C" AS anchor, score
      FROM quire_search_hits(CAST(${tsquery(terms)} AS tsquery), CAST(${spaceIds} AS text[]), CAST(${PG_WEIGHTS} AS real[]),
        ${integer(sql, RANKED_SECTIONS)}, CAST(${scansSpaceRows(terms, spaceIds)} AS boolean))
    )`,
    // FTS5 first (CROSS JOIN keeps that order): driven by the space's rows, it would run the
    // MATCH once per row. One space: only FTS5 rows between its first and last (`spaceRows.ts`).
    orElse: () => sql`hits AS MATERIALIZED (
      SELECT s.id, s.space_id, s.page_id, s.anchor, -bm25(search_terms, 10.0, 5.0, 1.0) AS score
      FROM search_terms CROSS JOIN search_sections s ON s.id = search_terms.rowid
      WHERE search_terms MATCH ${ftsQuery(terms)}
        ${spaceIds.length === 1 ? sql`AND ${rowsOfSpace(sql, spaceIds[0]!)}` : sql``}
        AND s.space_id IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))
      LIMIT ${integer(sql, RANKED_SECTIONS)}
    )`
  })

/**
 * One statement: the matching sections (`hits`), their pages by best score (ties by space id,
 * then page id) and the window of them (`pages`), and the best sections of each page of the
 * window (`ranked`), at most `MAX_SECTIONS_PER_PAGE`, in the order of the answer.
 */
export const pageHitsStatement = (
  sql: SqlClient,
  terms: ReadonlyArray<SearchTerm>,
  spaceIds: ReadonlyArray<SpaceId>,
  window: { readonly offset: number; readonly limit: number }
) => sql<SectionHitRow>`WITH ${hits(sql, terms, spaceIds)},
  pages AS (
    SELECT space_id, page_id, MAX(score) AS score FROM hits GROUP BY space_id, page_id
    ORDER BY score DESC, space_id, page_id LIMIT ${integer(sql, window.limit)} OFFSET ${window.offset}
  ),
  ranked AS (
    SELECT h.id, h.space_id, h.page_id, h.anchor, h.score, p.score AS page_score,
      ROW_NUMBER() OVER (PARTITION BY h.space_id, h.page_id ORDER BY h.score DESC, h.anchor) AS n
    FROM hits h JOIN pages p ON p.space_id = h.space_id AND p.page_id = h.page_id
  )
  SELECT r.space_id, r.page_id, r.page_score, r.anchor, s.heading, s.body, r.score
  FROM ranked r JOIN search_sections s ON s.id = r.id
  WHERE r.n <= ${integer(sql, MAX_SECTIONS_PER_PAGE)}
  ORDER BY r.page_score DESC, r.space_id, r.page_id, r.n`

/** The rows, in the answer's order, as pages with their sections. */
export const toPageHits = (rows: ReadonlyArray<SectionHitRow>): Array<PageHit> => {
  const pages: Array<{ spaceId: SpaceId; pageId: string; score: number; sections: Array<SectionHit> }> = []
  for (const row of rows) {
    let page = pages[pages.length - 1]
    if (page === undefined || page.spaceId !== row.spaceId || page.pageId !== row.pageId) {
      page = { spaceId: row.spaceId as SpaceId, pageId: row.pageId, score: Number(row.pageScore), sections: [] }
      pages.push(page)
    }
    page.sections.push({ anchor: row.anchor, heading: row.heading, body: row.body, score: Number(row.score) })
  }
  return pages
}
