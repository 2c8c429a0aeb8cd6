import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Fragment } from "@effect/sql/Statement"
import type { SpaceId } from "@quire/core"
import { Effect } from "effect"

/**
 * SQLite keeps a space's index rows close together, so that a search in one space reads only
 * the FTS5 rows from its first to its last (FTS5 seeks a rowid range in each doclist). The most
 * common word's doclist holds nearly every section: read whole and filtered by space, it cost
 * what FTS5 with no index of spaces does (~58 ms at 20,000 pages); its rows of one space, ~7.
 *
 * Rows get the next free id when written, so a space written once is one run of ids, and each
 * later write of it adds rows after every other space's. When a space's run has grown to more
 * than `LOOSE_FACTOR` times its rows (and more than `LOOSE_SPAN`), its rows are written again,
 * together, at the end, in the same transaction: a search of such a space reads at most
 * `LOOSE_FACTOR` times its rows. A space is moved at most once per `LOOSE_FACTOR` × its rows written
 * by others between two writes of its own. Moving a row costs ~50-80 µs (FTS5 drops and adds
 * it), so spaces above `MOVED_ROWS_MAX` rows (~300 pages) are not moved: the write that moved
 * them would take up to ~80 ms longer; they are searched over their looser run (never more
 * than every row). Giving each space its own block of ids would need no moves: not done yet.
 */
const LOOSE_FACTOR = 4
const LOOSE_SPAN = 4_000
const MOVED_ROWS_MAX = 1_000

/** The first and last id of a space's rows (NULL when it has none), each a step of `(space_id, id)`. */
const firstRow = (sql: SqlClient, spaceId: SpaceId) => sql`(SELECT min(id) FROM search_sections WHERE space_id = ${spaceId})`
const lastRow = (sql: SqlClient, spaceId: SpaceId) => sql`(SELECT max(id) FROM search_sections WHERE space_id = ${spaceId})`

/** The FTS5 rowid constraint of one space's run (NULL bounds when the space has no rows: none match). */
export const rowsOfSpace = (sql: SqlClient, spaceId: SpaceId): Fragment =>
  sql`search_terms.rowid BETWEEN ${firstRow(sql, spaceId)} AND ${lastRow(sql, spaceId)}`

/** After a write of a space's rows: writes them again together if their run has become loose. */
export const keepSpaceRowsTogether = (sql: SqlClient, spaceId: SpaceId, columns: Fragment): Effect.Effect<void, SqlError> =>
  Effect.gen(function* () {
    const [run] = yield* sql<{ first: number | null; last: number | null }>`SELECT
      ${firstRow(sql, spaceId)} AS first, ${lastRow(sql, spaceId)} AS last`
    if (run?.first == null || run.last == null || run.last - run.first + 1 <= LOOSE_SPAN) return
    // Counted only up to one past the limit: a large space's write does not count all its rows.
    const [counted] = yield* sql<{ rows: number }>`SELECT count(*) AS rows FROM
      (SELECT 1 FROM search_sections WHERE space_id = ${spaceId} LIMIT ${MOVED_ROWS_MAX + 1})`
    const rows = counted?.rows ?? 0
    if (rows > MOVED_ROWS_MAX || run.last - run.first + 1 <= LOOSE_FACTOR * rows) return
    yield* sql`INSERT INTO search_sections (space_id, ${columns})
      SELECT space_id, ${columns} FROM search_sections WHERE space_id = ${spaceId} ORDER BY id`
    yield* sql`DELETE FROM search_sections WHERE space_id = ${spaceId} AND id <= ${run.last}`
  })
