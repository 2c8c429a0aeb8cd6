import type { MigrationError } from "@effect/sql/Migrator"
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { PgClient } from "@effect/sql-pg"
import { ReadOverlap, type StoragePorts } from "@quire/core"
import {
  type AppliedMigrations,
  nameTransforms,
  runMigrationsWith,
  SqlReader,
  SqlRepositories
} from "@quire/storage-sql"
import { Effect, Layer } from "effect"
import type pg from "pg"
import { acquirePool } from "./PgPool.js"
import { notifiedCommits } from "./PgNotifications.js"
import { makePgReader } from "./PgReader.js"

export interface PostgresStorageOptions {
  /** postgres://user:password@host:port/database */
  readonly url: string
  readonly maxConnections?: number | undefined
  /**
   * Called once the layer has migrated the database, with the migrations that ran (none when
   * it was up to date, or when another server ran them first); by default nothing.
   */
  readonly onMigrated?: ((applied: AppliedMigrations) => Effect.Effect<void>) | undefined
}

export type PostgresStorageError = SqlError | MigrationError

const poolFor = (options: PostgresStorageOptions) =>
  acquirePool({ url: options.url, maxConnections: options.maxConnections, applicationName: "quire" })

const clientOn = (pool: pg.Pool): Layer.Layer<PgClient.PgClient | SqlClient, SqlError> =>
  PgClient.layerFromPool({ acquire: Effect.succeed(pool), ...nameTransforms })

/** The Postgres client alone (name transforms set), for tools that need raw SQL. */
const client = (options: PostgresStorageOptions): Layer.Layer<PgClient.PgClient | SqlClient, SqlError> =>
  Layer.unwrapScoped(Effect.map(poolFor(options), clientOn))

/**
 * Every storage port in one Postgres database, migrated when the layer is built. Several
 * servers may build it against the same database at once: migrations take a lock. Reads
 * outside transactions go to the client's pool directly (see `PgReader`).
 */
const layer = (options: PostgresStorageOptions): Layer.Layer<StoragePorts | ReadOverlap, PostgresStorageError> =>
  Layer.unwrapScoped(
    Effect.map(poolFor(options), (pool) =>
      SqlRepositories.layer.pipe(
        // Every read is a round trip: two independent ones are worth sending at once.
        Layer.merge(Layer.succeed(ReadOverlap, { worthwhile: true })),
        Layer.provide(
          Layer.mergeAll(
            runMigrationsWith(options.onMigrated ?? (() => Effect.void)),
            Layer.succeed(SqlReader, makePgReader(pool)),
            notifiedCommits(pool)
          )
        ),
        Layer.provide(clientOn(pool))
      )
    )
  )

export const PostgresStorage = { client, layer }
