import { randomBytes } from "node:crypto"
import pg from "pg"
import { POSTGRES_ADMIN_URL as TEST_POSTGRES_URL } from "../support/postgres.js"

/** The server the bench uses for Postgres (the tests' unless `BENCH_POSTGRES_URL`): any database on it. */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? TEST_POSTGRES_URL

const withAdmin = async <A>(f: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3_000 })
  await client.connect()
  try {
    return await f(client)
  } finally {
    await client.end()
  }
}

/** Whether the bench's Postgres server answers. */
export const postgresReachable = async (): Promise<boolean> => {
  try {
    await withAdmin((client) => client.query("SELECT 1"))
    return true
  } catch {
    return false
  }
}

export interface BenchDatabase {
  readonly url: string
  readonly drop: () => Promise<void>
}

/** A database with a random name on the bench's server; `drop` removes it, connections and all. */
export const createDatabase = async (label: string): Promise<BenchDatabase> => {
  const name = `quire_bench_${label}_${randomBytes(6).toString("hex")}`
  await withAdmin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`))
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  let dropped = false
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return
      dropped = true
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`))
    }
  }
}
