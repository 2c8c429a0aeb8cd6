import { PgClient } from "@effect/sql-pg"
import { PostgresStorage } from "@quire/storage-postgres"
import { Context, Duration, Effect, Layer, Redacted, type Scope } from "effect"
import { randomBytes } from "node:crypto"

/** The server the Postgres tests use: any database on it to connect to for CREATE/DROP DATABASE. */
export const POSTGRES_ADMIN_URL = process.env.QUIRE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const adminClient = Effect.map(
  Layer.build(
    PgClient.layer({ url: Redacted.make(POSTGRES_ADMIN_URL), connectTimeout: Duration.seconds(3), maxConnections: 1 })
  ),
  (context) => Context.get(context, PgClient.PgClient)
)

const urlOf = (database: string) => {
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * A database made for this scope, with a random name, on the test server; yields its URL.
 * It is dropped (connections and all) when the scope closes.
 */
export const freshPostgresDatabase: Effect.Effect<string, unknown, Scope.Scope> = Effect.gen(function* () {
  const admin = yield* adminClient
  const name = `quire_test_${randomBytes(8).toString("hex")}`
  yield* Effect.acquireRelease(admin`CREATE DATABASE ${admin(name)}`, () =>
    Effect.orDie(admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`)
  )
  return urlOf(name)
})

/** Every storage port on a migrated database of its own, dropped once the layer is released. */
export const postgresTestStorage = Layer.unwrapScoped(
  // Small pools: many test databases live at once, and the server allows 100 connections in all.
  Effect.map(freshPostgresDatabase, (url) => PostgresStorage.layer({ url, maxConnections: 3 }))
)

const BANNER = "!".repeat(78)

/**
 * Whether the test server answers. When it does not, says so loudly so that nobody mistakes
 * a skipped run for a passing one; under CI (env CI set) an unreachable server is an error.
 */
export const postgresAvailable = async (): Promise<boolean> => {
  const reachable = await Effect.runPromise(
    Effect.scoped(adminClient).pipe(
      Effect.as(true),
      Effect.catchAllCause(() => Effect.succeed(false))
    )
  )
  if (reachable) return true
  const message = `Postgres is unreachable at ${POSTGRES_ADMIN_URL} (set QUIRE_TEST_POSTGRES_URL to change it).`
  if (process.env.CI) throw new Error(`${message} CI is set, so the Postgres tests fail instead of being skipped.`)
  console.warn(`\n${BANNER}\n!! ${message}\n!! THE POSTGRES STORAGE TESTS ARE SKIPPED.\n${BANNER}\n`)
  return false
}
