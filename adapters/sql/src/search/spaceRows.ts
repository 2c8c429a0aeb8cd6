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
 * together, at the end: each row written costs at most ~1/3 of a row moved later, and a search
 * reads at most `LOOSE_FACTOR` times its space's rows. Spaces above `MOVED_ROWS_MAX` rows are
 * not moved (one write would move them all), and are read from a looser run.
 */
const LOOSE_FACTOR = 4
const LOOSE_SPAN = 4_000
const MOVED_ROWS_MAX = 20_000

/** The FTS5 rowid constraint of one space's run (all of it when the space has no rows: none match). */
export const rowsOfSpace = (sql: SqlClient, spaceId: SpaceId): Fragment =>
  sql`search_terms.rowid BETWEEN (SELECT min(id) FROM search_sections WHERE space_id = ${spaceId})
    AND (SELECT max(id) FROM search_sections WHERE space_id = ${spaceId})`

/** After a write of a space's rows: writes them again together if their run has become loose. */
export const keepSpaceRowsTogether = (sql: SqlClient, spaceId: SpaceId, columns: Fragment): Effect.Effect<void, SqlError> =>
  Effect.gen(function* () {
    const [run] = yield* sql<{ first: number | null; last: number | null }>`SELECT
      (SELECT min(id) FROM search_sections WHERE space_id = ${spaceId}) AS first,
      (SELECT max(id) FROM search_sections WHERE space_id = ${spaceId}) AS last`
    if (run?.first == null || run.last == null || run.last - run.first + 1 <= LOOSE_SPAN) return
    const [counted] = yield* sql<{ rows: number }>`SELECT count(*) AS rows FROM search_sections WHERE space_id = ${spaceId}`
    const rows = counted?.rows ?? 0
    if (rows > MOVED_ROWS_MAX || run.last - run.first + 1 <= LOOSE_FACTOR * rows) return
    yield* sql`INSERT INTO search_sections (space_id, ${columns})
      SELECT space_id, ${columns} FROM search_sections WHERE space_id = ${spaceId} ORDER BY id`
    yield* sql`DELETE FROM search_sections WHERE space_id = ${spaceId} AND id <= ${run.last}`
  })
