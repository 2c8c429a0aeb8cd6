import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * Who contributed to a change request: one row per (change request, user), the key refusing a
 * second (so two writes racing for a new contributor cannot both insert; the loser updates
 * the winner's row). Rows go with their change request when its space is purged. Listing is
 * by change request, the key's leading column; the few rows of one are sorted as read.
 *
 * Also an index for `findByMergedRevision` (a merge revision's `mergedFrom`), which walked a
 * space's change requests through (space_id, number): only merged change requests have a
 * `revision_merged`, so the index holds only them (SQLite and Postgres both use a partial
 * index for `revision_merged = ?`, which implies it is not null).
 */
export const changeRequestContributors = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE change_request_contributors (
    change_request_id ${text} NOT NULL,
    user_id ${text} NOT NULL,
    first_contributed_at ${text} NOT NULL,
    last_contributed_at ${text} NOT NULL,
    contributions INTEGER NOT NULL,
    PRIMARY KEY (change_request_id, user_id)
  )`
  yield* sql`CREATE INDEX change_requests_by_merged ON change_requests (space_id, revision_merged)
    WHERE revision_merged IS NOT NULL`
})
