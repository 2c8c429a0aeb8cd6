import type { MigrationError } from "@effect/sql/Migrator"
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { PgClient } from "@effect/sql-pg"
import { nameTransforms, runMigrations, SqlRepositories, type StorageServices } from "@quire/storage-sql"
import { Layer, Redacted } from "effect"

export interface PostgresStorageOptions {
  /** postgres://user:password@host:port/database */
  readonly url: string
  readonly maxConnections?: number | undefined
}

export type PostgresStorageError = SqlError | MigrationError

/** The Postgres client alone (name transforms set), for tools that need raw SQL. */
const client = (options: PostgresStorageOptions): Layer.Layer<PgClient.PgClient | SqlClient, SqlError> =>
  PgClient.layer({
    url: Redacted.make(options.url),
    maxConnections: options.maxConnections,
    applicationName: "quire",
    ...nameTransforms
  })

/**
 * Every storage port in one Postgres database, migrated when the layer is built. Several
 * servers may build it against the same database at once: migrations take a lock.
 */
const layer = (options: PostgresStorageOptions): Layer.Layer<StorageServices, PostgresStorageError> =>
  SqlRepositories.layer.pipe(Layer.provide(runMigrations), Layer.provide(client(options)))

export const PostgresStorage = { client, layer }
