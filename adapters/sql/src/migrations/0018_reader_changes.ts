import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** The tables a published site is read from: a commit to any of them may change what its readers see. */
const READ_BY_SITES = ["organizations", "spaces", "sites", "site_sections", "site_section_groups", "site_spaces", "site_share_links"]

/**
 * Postgres: every statement that writes a table a published site is read from notifies
 * `quire_changes` (delivered when its transaction commits), so that every server process
 * sharing the database learns that its reader's pages may be stale (`StorageChanges`).
 * Statement-level: one notification per statement, and Postgres folds a transaction's equal
 * notifications into one. SQLite needs nothing: its data version tells every connection.
 */
export const readerChanges = Effect.gen(function* () {
  const sql = yield* SqlClient
  yield* sql.onDialectOrElse({
    pg: () =>
      Effect.gen(function* () {
        yield* sql.unsafe(`CREATE FUNCTION quire_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM pg_notify('quire_changes', TG_TABLE_NAME);
            RETURN NULL;
          END
        $$`)
        for (const table of READ_BY_SITES) {
          yield* sql.unsafe(
            `CREATE TRIGGER ${table}_notify_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION quire_notify_changes()`
          )
        }
      }),
    orElse: () => Effect.void
  })
})
