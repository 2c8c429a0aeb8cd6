import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * One row that every SQLite write transaction updates first, so that it takes the write lock
 * when it begins (waiting up to `busy_timeout`) instead of failing with SQLITE_BUSY_SNAPSHOT
 * when another process commits between its first read and its first write.
 * The SQLite client offers no `BEGIN IMMEDIATE`; this gives the same. Unused on Postgres.
 */
export const writeLock = Effect.gen(function* () {
  const sql = yield* SqlClient
  yield* sql`CREATE TABLE write_lock (id INTEGER PRIMARY KEY)`
  yield* sql`INSERT INTO write_lock (id) VALUES (1)`
})
