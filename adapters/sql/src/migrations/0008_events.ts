import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * The event outbox (`Events`): one row per event, `sequence` its place in commit order
 * (`SqlEvents` says how each dialect keeps it). On SQLite it is the key, `AUTOINCREMENT` so
 * that no number is handed out twice. On Postgres a row is inserted without one, keyed by
 * `id` (insertion order), and readers number the committed rows: the unique index reads them
 * by `sequence`, the partial one finds those still to number. The payload is JSON as text: a
 * JSON column would have its keys renamed by the client's name transforms. No foreign keys:
 * an event outlives its space.
 */
export const events = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)
  const keys = sql.onDialectOrElse({
    pg: () => sql.literal("id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, sequence BIGINT UNIQUE"),
    orElse: () => sql.literal("sequence INTEGER PRIMARY KEY AUTOINCREMENT")
  })

  yield* sql`CREATE TABLE events (
    ${keys},
    type ${text} NOT NULL,
    organization_id ${text} NOT NULL,
    space_id ${text},
    actor ${text},
    at ${text} NOT NULL,
    payload ${text} NOT NULL
  )`
  yield* sql.onDialectOrElse({
    pg: () => sql`CREATE INDEX events_unsequenced ON events (id) WHERE sequence IS NULL`,
    orElse: () => Effect.void
  })
})
