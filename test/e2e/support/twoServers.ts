import { GitBookAPIError } from "@gitbook/api"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../../support/postgres.js"
import { gitbook } from "./client.js"
import { makeAcme, type Principal } from "./fixtures.js"
import { type RunningServer, startServer } from "./server.js"

/** The backends a race runs on: SQLite (a file of the first server's) and a fresh Postgres database. */
export const raceBackends = [
  { name: "SQLite", database: async () => undefined },
  { name: "Postgres", database: async (scope: Scope.CloseableScope) => Effect.runPromise(Scope.extend(freshPostgresDatabase, scope)) }
] as const

export type RaceBackend = (typeof raceBackends)[number]

const postgres = await postgresAvailable()

/** The status a client call answers with, success or failure. */
export const statusOf = (call: Promise<{ status: number }>): Promise<number> =>
  call.then(
    (response) => response.status,
    (error) => (error instanceof GitBookAPIError ? error.code : Promise.reject(error))
  )

/**
 * Two `quire serve` processes on one database of `backend`, started before the describe's tests
 * with Acme (ada administers it) and stopped after, `env` over their environment. `skip`:
 * Postgres is not reachable.
 */
export const twoServers = (backend: RaceBackend, env: Readonly<Record<string, string>> = {}) => {
  const scope = Effect.runSync(Scope.make())
  const world = {
    skip: backend.name === "Postgres" && !postgres,
    servers: [] as ReadonlyArray<RunningServer>,
    ada: undefined as unknown as Principal,
    acme: "",
    /** ada's client on the `i`-th request's server: requests alternate between the two processes. */
    through: (i: number) => gitbook(world.servers[i % 2]!.url, world.ada.token)
  }
  beforeAll(async () => {
    if (world.skip) return
    const url = await backend.database(scope)
    const first = await startServer(url === undefined ? { env } : { databaseUrl: url, env })
    world.servers = [first, await startServer({ databaseUrl: first.env.DATABASE_URL!, env })]
    ;({ ada: world.ada, acme: world.acme } = await makeAcme(first))
  }, 180_000)
  afterAll(async () => {
    await Promise.all(world.servers.map((server) => server.stop()))
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }, 60_000)
  return world
}
