import { SqlClient } from "@effect/sql/SqlClient"
import { textType } from "./textType.js"
import { Effect } from "effect"

/**
 * Change requests. Their number is unique per space (the index refuses a second one, so two
 * transactions racing for the same next number cannot both commit); the lists walk one space's
 * change requests of one status, optionally of one creator, by (created_at, id) descending.
 * TEXT columns take the "C" collation on Postgres, as in 0001, so cursors order by code point.
 */
export const changeRequests = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE change_requests (
    id ${text} PRIMARY KEY,
    space_id ${text} NOT NULL,
    number INTEGER NOT NULL,
    status ${text} NOT NULL,
    subject ${text} NOT NULL,
    created_by ${text} NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL,
    revision_id ${text} NOT NULL,
    revision_initial ${text} NOT NULL,
    revision_merged_ancestor ${text},
    revision_merged ${text},
    merged_by ${text},
    merged_at ${text}
  )`
  yield* sql`CREATE UNIQUE INDEX change_requests_by_number ON change_requests (space_id, number)`
  yield* sql`CREATE INDEX change_requests_by_created ON change_requests (space_id, status, created_at, id)`
  yield* sql`CREATE INDEX change_requests_by_creator ON change_requests (space_id, status, created_by, created_at, id)`
})
