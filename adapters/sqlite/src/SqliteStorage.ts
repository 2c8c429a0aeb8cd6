import type { MigrationError } from "@effect/sql/Migrator"
import { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { SqliteClient } from "@effect/sql-sqlite-node"
import type { StoragePorts } from "@quire/core"
import {
  type AppliedMigrations,
  nameTransforms,
  runMigrationsWith,
  SqlReader,
  SqlRepositories
} from "@quire/storage-sql"
import { Effect, Layer } from "effect"
import { prepareDatabaseFile } from "./databaseFile.js"
import { dataVersionCommits } from "./dataVersion.js"
import { makeDirectReader } from "./DirectReader.js"

export interface SqliteStorageOptions {
  /**
   * Path of the database file. A missing file and missing folders are made readable by the
   * owner only (0600, 0700); existing ones keep their modes (see `prepareDatabaseFile`).
   */
  readonly filename: string
  /**
   * Called once the layer has migrated the database, with the migrations that ran (none when
   * it was up to date); by default nothing.
   */
  readonly onMigrated?: ((applied: AppliedMigrations) => Effect.Effect<void>) | undefined
}

export type SqliteStorageError = SqlError | MigrationError

/**
 * WAL lets readers in other processes go on while one writes; a writer waits up to 5 s for
 * another's lock instead of failing at once.
 */
const pragmas = Layer.effectDiscard(
  Effect.gen(function* () {
    const sql = yield* SqlClient
    yield* sql`PRAGMA journal_mode = WAL`
    yield* sql`PRAGMA busy_timeout = 5000`
    yield* sql`PRAGMA foreign_keys = ON`
  })
)

/** The SQLite client alone (name transforms and pragmas set), for tools that need raw SQL. */
const client = (options: SqliteStorageOptions): Layer.Layer<SqliteClient.SqliteClient | SqlClient, SqlError> =>
  Layer.unwrapEffect(
    Effect.as(
      options.filename === ":memory:" ? Effect.void : prepareDatabaseFile(options.filename),
      SqliteClient.layer({ filename: options.filename, ...nameTransforms })
    )
  ).pipe(
    Layer.orDie,
    (base) => Layer.provideMerge(pragmas, base)
  )

/**
 * Reads outside transactions on a read-only connection of their own (see `DirectReader`),
 * opened after the client has made the file. An in-memory database exists only on its one
 * connection, so there every read goes through the client.
 */
const reader = (options: SqliteStorageOptions): Layer.Layer<SqlReader> =>
  options.filename === ":memory:"
    ? Layer.succeed(SqlReader, SqlReader.defaultValue())
    : Layer.scoped(SqlReader, makeDirectReader(options.filename))

/** Every storage port in one SQLite file, migrated when the layer is built. */
const layer = (options: SqliteStorageOptions): Layer.Layer<StoragePorts, SqliteStorageError> =>
  SqlRepositories.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        runMigrationsWith(options.onMigrated ?? (() => Effect.void)),
        reader(options),
        // One connection (`:memory:`) has no other connection's commits to learn of.
        options.filename === ":memory:" ? Layer.empty : dataVersionCommits(options.filename)
      )
    ),
    Layer.provide(client(options))
  )

export const SqliteStorage = { client, layer }
