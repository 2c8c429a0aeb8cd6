import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * The event outbox (`Events`): one row per event, its key `sequence` giving commit order
 * (`SqlEvents` says how). On SQLite, `AUTOINCREMENT` never hands out a number again, even
 * one a rolled-back transaction took; on Postgres an identity column, a sequence, never does
 * either. The payload is JSON as text: a JSON column would have its keys renamed by the
 * client's name transforms. No foreign keys: an event outlives its space.
 */
export const events = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)
  const sequence = sql.onDialectOrElse({
    pg: () => sql.literal("sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"),
    orElse: () => sql.literal("sequence INTEGER PRIMARY KEY AUTOINCREMENT")
  })

  yield* sql`CREATE TABLE events (
    ${sequence},
    type ${text} NOT NULL,
    organization_id ${text} NOT NULL,
    space_id ${text},
    actor ${text},
    at ${text} NOT NULL,
    payload ${text} NOT NULL
  )`
})
