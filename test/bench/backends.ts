import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { rmSync } from "node:fs"
import { join } from "node:path"
import type { ContentStorage } from "./contentEngine.js"
import { copySqliteToPostgres } from "./copyToPostgres.js"
import { createDatabase } from "./postgresDatabase.js"
import type { Seeded } from "./seed.js"

export type BackendName = "sqlite" | "postgres"

export const BACKEND_NAMES: ReadonlyArray<BackendName> = ["sqlite", "postgres"]

/** One storage backend holding the seeded rows, and how each part of the bench reaches it. */
export interface Backend {
  readonly name: BackendName
  readonly title: string
  /** `DATABASE_URL` of the Quire server. */
  readonly databaseUrl: string
  /** The hand-written server on the same rows, and its environment. */
  readonly baselineMain: string
  readonly baselineEnv: Readonly<Record<string, string>>
  /** Where in-process measurements open the same rows: a SQLite file or a Postgres URL. */
  readonly database: string
  /** Fresh, empty storage for the content engine's sizes. */
  readonly contentStorage: ContentStorage
  readonly release: () => Promise<void>
}

export const sqliteContentStorage =
  (dir: string): ContentStorage =>
  async (pages) => {
    const filename = join(dir, `content-${pages}.db`)
    return {
      layer: SqliteStorage.layer({ filename }),
      release: async () => {
        for (const suffix of ["", "-wal", "-shm"]) rmSync(`${filename}${suffix}`, { force: true })
      }
    }
  }

/** The seeded SQLite file itself. */
export const sqliteBackend = (seeded: Seeded, dir: string): Backend => ({
  name: "sqlite",
  title: "SQLite",
  databaseUrl: `sqlite:${seeded.filename}`,
  baselineMain: join(import.meta.dirname, "baseline-server.ts"),
  baselineEnv: { BENCH_DB: seeded.filename },
  database: seeded.filename,
  contentStorage: sqliteContentStorage(dir),
  release: async () => {}
})

export const postgresContentStorage: ContentStorage = async (pages) => {
  const database = await createDatabase(`content_${pages}`)
  return { layer: PostgresStorage.layer({ url: database.url }), release: database.drop }
}

/** Builds Quire's storage layer once, which migrates the database, and releases it. */
const migrate = (url: string) =>
  Effect.runPromise(Effect.scoped(Layer.build(PostgresStorage.layer({ url, maxConnections: 1 }))))

/**
 * A database made for the run with Quire's schema and every row of the seeded SQLite file,
 * then vacuumed and analysed (by the copy): what autovacuum does to a table this size within a
 * minute of loading it, so both servers meet a table in its steady state.
 */
export const postgresBackend = async (seeded: Seeded): Promise<Backend> => {
  const database = await createDatabase("spaces")
  try {
    await migrate(database.url)
    await copySqliteToPostgres(seeded.filename, database.url)
  } catch (error) {
    await database.drop()
    throw error
  }
  return {
    name: "postgres",
    title: "Postgres",
    databaseUrl: database.url,
    baselineMain: join(import.meta.dirname, "baseline-pg-server.ts"),
    baselineEnv: { BENCH_DATABASE_URL: database.url },
    database: database.url,
    contentStorage: postgresContentStorage,
    release: database.drop
  }
}
