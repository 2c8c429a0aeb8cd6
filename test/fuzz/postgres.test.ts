import { describe } from "@effect/vitest"
import { Effect, Exit, Scope } from "effect"
import { startServer } from "../e2e/support/server.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { fuzzSuite } from "./fuzzSuite.js"

const available = await postgresAvailable()

describe.skipIf(!available)("fuzz: Postgres", () => {
  fuzzSuite("postgres", async () => {
    const scope = Effect.runSync(Scope.make())
    const databaseUrl = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
    const server = await startServer({ databaseUrl, env: { QUIRE_FETCH_ALLOW: "127.0.0.1" } })
    return {
      server,
      release: async () => {
        await server.stop()
        await Effect.runPromise(Scope.close(scope, Exit.void))
      }
    }
  })
})
