import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * SQLite: a space's index rows by id, so that the first and last of them are found in a step
 * each. A search in one space reads only the FTS5 rows between them (`search/spaceRows.ts`): a
 * common word's whole doclist, filtered by space, was as slow as FTS5 with no index of spaces.
 * Postgres plans a space's search from its own statistics and needs nothing.
 */
export const searchSpaceRows = Effect.gen(function* () {
  const sql = yield* SqlClient
  yield* sql.onDialectOrElse({
    pg: () => Effect.void,
    orElse: () => sql`CREATE INDEX search_sections_by_space_row ON search_sections (space_id, id)`
  })
})
