import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * What a space owns goes with it: change requests reference their space, contributors their
 * change request, both `ON DELETE CASCADE`, so deleting a space row (a purge) deletes them,
 * and an area added later joins the purge by its own foreign key. Revisions keep no foreign
 * key: a duplicated space shares its original's revisions, which outlive the original.
 *
 * Rows whose owner is already gone (none should be: the purge removed them until now) are
 * deleted first, since no foreign key can hold over them.
 *
 * Postgres adds the constraints in place. SQLite cannot change a table's foreign keys, so each
 * table is rebuilt as its documentation says (https://www.sqlite.org/lang_altertable.html,
 * "Making Other Kinds Of Table Schema Changes"): create the new table, copy the rows, drop the
 * old one, rename the new one, recreate the indexes, then `PRAGMA foreign_key_check`. The
 * Migrator runs in a transaction, where `PRAGMA foreign_keys` cannot change; it need not: no
 * foreign key references a table when it is dropped (contributors are rebuilt after change
 * requests, and nothing references them).
 */
export const spaceOwnedCascade = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`DELETE FROM change_requests WHERE space_id NOT IN (SELECT id FROM spaces)`
  yield* sql`DELETE FROM change_request_contributors
    WHERE change_request_id NOT IN (SELECT id FROM change_requests)`

  yield* sql.onDialectOrElse({
    pg: () =>
      Effect.gen(function* () {
        yield* sql`ALTER TABLE change_requests ADD CONSTRAINT change_requests_space_fk
          FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE`
        yield* sql`ALTER TABLE change_request_contributors ADD CONSTRAINT change_request_contributors_change_request_fk
          FOREIGN KEY (change_request_id) REFERENCES change_requests (id) ON DELETE CASCADE`
      }),
    orElse: () =>
      Effect.gen(function* () {
        yield* sql`CREATE TABLE change_requests_new (
          id ${text} PRIMARY KEY,
          space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
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
        yield* sql`INSERT INTO change_requests_new (id, space_id, number, status, subject, created_by, created_at,
            updated_at, revision_id, revision_initial, revision_merged_ancestor, revision_merged, merged_by, merged_at)
          SELECT id, space_id, number, status, subject, created_by, created_at,
            updated_at, revision_id, revision_initial, revision_merged_ancestor, revision_merged, merged_by, merged_at
          FROM change_requests`
        yield* sql`DROP TABLE change_requests`
        yield* sql`ALTER TABLE change_requests_new RENAME TO change_requests`
        yield* sql`CREATE UNIQUE INDEX change_requests_by_number ON change_requests (space_id, number)`
        yield* sql`CREATE INDEX change_requests_by_created ON change_requests (space_id, status, created_at, id)`
        yield* sql`CREATE INDEX change_requests_by_creator
          ON change_requests (space_id, status, created_by, created_at, id)`
        yield* sql`CREATE INDEX change_requests_by_merged ON change_requests (space_id, revision_merged)
          WHERE revision_merged IS NOT NULL`

        yield* sql`CREATE TABLE change_request_contributors_new (
          change_request_id ${text} NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
          user_id ${text} NOT NULL,
          first_contributed_at ${text} NOT NULL,
          last_contributed_at ${text} NOT NULL,
          contributions INTEGER NOT NULL,
          PRIMARY KEY (change_request_id, user_id)
        )`
        yield* sql`INSERT INTO change_request_contributors_new
            (change_request_id, user_id, first_contributed_at, last_contributed_at, contributions)
          SELECT change_request_id, user_id, first_contributed_at, last_contributed_at, contributions
          FROM change_request_contributors`
        yield* sql`DROP TABLE change_request_contributors`
        yield* sql`ALTER TABLE change_request_contributors_new RENAME TO change_request_contributors`

        const violations = yield* sql`PRAGMA foreign_key_check`
        if (violations.length > 0) {
          return yield* Effect.dieMessage(`foreign keys broken after rebuilding tables: ${JSON.stringify(violations)}`)
        }
      })
  })
})
