import type { SqlClient } from "@effect/sql/SqlClient"

/**
 * The type of every text column: `TEXT`, with the "C" collation on Postgres so that ordering
 * (and so every keyset cursor) is by code point, the same as in SQLite and in JavaScript,
 * whatever the database's locale.
 */
export const textType = (sql: SqlClient) =>
  sql.onDialectOrElse({
    pg: () => sql.literal(`TEXT COLLATE "C"`),
    orElse: () => sql.literal("TEXT")
  })
