import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import Database from "better-sqlite3"
import { Effect, Layer } from "effect"
import { rmSync } from "node:fs"
import { join } from "node:path"
import pg from "pg"
import { RENDERED_PAGES_TABLE } from "./baselineSpace.js"
import type { ContentStorage } from "./contentEngine.js"
import { tsvectorText } from "../../adapters/sql/src/search/tsvector.js"
import { copySqliteToPostgres, type DerivedColumns } from "./copyToPostgres.js"
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
  /** Replaces the baseline's pre-rendered pages (`bench_rendered_pages`) with these. */
  readonly storeRenderedPages: (pages: ReadonlyArray<RenderedPage>) => Promise<void>
  readonly release: () => Promise<void>
}

/** A page's JSON as Quire answered it, for the baseline to serve. */
export interface RenderedPage {
  readonly spaceId: string
  readonly pageId: string
  readonly body: string
}

const withClient = async <A>(url: string, use: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

const ROWS_PER_INSERT = 500

const storeInPostgres = (url: string) => (pages: ReadonlyArray<RenderedPage>) =>
  withClient(url, async (client) => {
    await client.query("BEGIN")
    await client.query("DELETE FROM bench_rendered_pages")
    for (let start = 0; start < pages.length; start += ROWS_PER_INSERT) {
      const batch = pages.slice(start, start + ROWS_PER_INSERT)
      const tuples = batch.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`)
      await client.query(
        `INSERT INTO bench_rendered_pages (space_id, page_id, body) VALUES ${tuples.join(", ")}`,
        batch.flatMap((p) => [p.spaceId, p.pageId, p.body])
      )
    }
    await client.query("COMMIT")
    await client.query("ANALYZE bench_rendered_pages")
  })

const storeInSqlite = (filename: string) => async (pages: ReadonlyArray<RenderedPage>) => {
  const db = new Database(filename, { fileMustExist: true })
  try {
    const insert = db.prepare("INSERT INTO bench_rendered_pages (space_id, page_id, body) VALUES (?, ?, ?)")
    db.transaction(() => {
      db.exec("DELETE FROM bench_rendered_pages")
      for (const p of pages) insert.run(p.spaceId, p.pageId, p.body)
    })()
  } finally {
    db.close()
  }
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
  storeRenderedPages: storeInSqlite(seeded.filename),
  release: async () => {}
})

export const postgresContentStorage: ContentStorage = async (pages) => {
  const database = await createDatabase(`content_${pages}`)
  return { layer: PostgresStorage.layer({ url: database.url }), release: database.drop }
}

/**
 * The search index's sections: SQLite keeps their token texts (for its FTS5 table), Postgres a
 * tsvector of them, which the adapter writes as a literal; the same function makes it here.
 */
const SEARCH_INDEX_COLUMNS: DerivedColumns = {
  search_sections: {
    document: (row) => tsvectorText({ title: String(row.title_terms), heading: String(row.heading_terms), body: String(row.body_terms) })
  }
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
    await withClient(database.url, (client) => client.query(RENDERED_PAGES_TABLE))
    await copySqliteToPostgres(seeded.filename, database.url, SEARCH_INDEX_COLUMNS)
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
    storeRenderedPages: storeInPostgres(database.url),
    release: database.drop
  }
}
