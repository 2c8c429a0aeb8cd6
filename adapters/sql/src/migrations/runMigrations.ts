import * as Migrator from "@effect/sql/Migrator"
import { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Layer } from "effect"
import { migrations } from "./index.js"

export const MIGRATIONS_TABLE = "effect_sql_migrations"

/** Any constant: it names the lock that serializes migrating servers in one Postgres database. */
const MIGRATION_LOCK = 7_140_733_921

/** Migrations as the Migrator returns them: `[3, "write_lock"]` for `0003_write_lock`. */
export type AppliedMigrations = ReadonlyArray<readonly [id: number, name: string]>

const migrator = Migrator.make({})({ loader: Migrator.fromRecord(migrations), table: MIGRATIONS_TABLE })

/**
 * Brings the schema up to date; returns the migrations that ran.
 *
 * In Postgres several servers may start at once. The Migrator's own lock is on its table,
 * which it first creates outside any lock (two creators race), so the whole run happens in
 * one transaction holding an advisory lock, after creating that table itself. Those who wait
 * then find every migration done.
 */
export const migrate: Effect.Effect<
  AppliedMigrations,
  Migrator.MigrationError | SqlError,
  SqlClient
> = Effect.gen(function* () {
  const sql = yield* SqlClient
  return yield* sql.onDialectOrElse({
    pg: () =>
      sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`
          yield* sql`CREATE TABLE IF NOT EXISTS ${sql(MIGRATIONS_TABLE)} (
            migration_id integer primary key,
            created_at timestamp with time zone not null default now(),
            name text not null
          )`
          return yield* migrator
        })
      ),
    orElse: () => migrator
  })
})

/**
 * Runs the migrations when built, then `onApplied` with those that ran (none when the schema
 * was up to date); provide it before the repositories.
 */
export const runMigrationsWith = (
  onApplied: (applied: AppliedMigrations) => Effect.Effect<void>
): Layer.Layer<never, Migrator.MigrationError | SqlError, SqlClient> =>
  Layer.effectDiscard(Effect.flatMap(migrate, onApplied))

/** Runs the migrations when built; provide it before the repositories. */
export const runMigrations: Layer.Layer<never, Migrator.MigrationError | SqlError, SqlClient> = runMigrationsWith(
  () => Effect.void
)
