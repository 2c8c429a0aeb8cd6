import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Content-addressed objects, file bytes and revisions: written once, never updated.
 * Hashes are lowercase hex, so the "C" collation of 0001 changes nothing for them; it is kept
 * for every TEXT column so that any ordering stays by code point as elsewhere.
 */
export const content = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = sql.onDialectOrElse({
    pg: () => sql.literal(`TEXT COLLATE "C"`),
    orElse: () => sql.literal("TEXT")
  })
  const bytes = sql.onDialectOrElse({
    pg: () => sql.literal("BYTEA"),
    orElse: () => sql.literal("BLOB")
  })

  yield* sql`CREATE TABLE objects (
    hash ${text} PRIMARY KEY,
    kind ${text} NOT NULL,
    body ${text} NOT NULL
  )`

  yield* sql`CREATE TABLE blobs (
    sha256 ${text} PRIMARY KEY,
    bytes ${bytes} NOT NULL,
    size INTEGER NOT NULL
  )`

  // parents is a JSON array of revision ids, in order (the first is the one edited).
  yield* sql`CREATE TABLE revisions (
    id ${text} PRIMARY KEY,
    space_id ${text} NOT NULL,
    parents ${text} NOT NULL,
    type ${text} NOT NULL,
    root ${text} NOT NULL,
    created_at ${text} NOT NULL
  )`
})
