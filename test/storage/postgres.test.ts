import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { PostgresStorage } from "@quire/storage-postgres"
import { migrate } from "@quire/storage-sql"
import { ReadOverlap } from "@quire/core"
import { Effect } from "effect"
import { freshPostgresDatabase, postgresAvailable, postgresTestStorage } from "../support/postgres.js"
import { storageContract } from "./contract.js"

if (await postgresAvailable()) {
  storageContract("postgres", postgresTestStorage)

  describe("Postgres migrations", () => {
    it.scoped("servers migrating one database at once run each migration exactly once", () =>
      Effect.gen(function* () {
        const url = yield* freshPostgresDatabase
        const servers = 4
        const ran = yield* Effect.all(
          Array.from({ length: servers }, () => Effect.provide(migrate, PostgresStorage.client({ url }))),
          { concurrency: "unbounded" }
        )
        expect(ran.flat()).toStrictEqual([
          [1, "foundation"],
          [2, "content"],
          [3, "write_lock"],
          [4, "change_requests"],
          [5, "change_request_contributors"],
          [6, "space_owned_cascade"],
          [7, "comments"],
          [8, "events"],
          [9, "sites"],
          [10, "search"],
          [11, "jobs"],
          [12, "git_sync"],
          [13, "translations"],
          [14, "custom_fields"],
          [15, "saml"],
          [16, "openapi_specs"],
          [17, "integrations"],
          [18, "reader_changes"],
          [19, "search_space_rows"],
          [20, "search_hits_function"]
        ])
        const tables = yield* Effect.provide(
          Effect.flatMap(
            SqlClient,
            (sql) => sql<{ n: number }>`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM effect_sql_migrations`
          ),
          PostgresStorage.client({ url })
        )
        expect(tables).toStrictEqual([{ n: 20 }])
      })
    )
  })

  describe("Postgres reads", () => {
    it.scoped("are round trips, worth overlapping (`ReadOverlap`); an in-process store's, by default, are not", () =>
      Effect.gen(function* () {
        expect(ReadOverlap.defaultValue().worthwhile).toBe(false)
        const url = yield* freshPostgresDatabase
        // Under an outer `false`: what the layer provides, not what this file's contract layer does.
        const provided = yield* Effect.provide(ReadOverlap, PostgresStorage.layer({ url })).pipe(
          Effect.provideService(ReadOverlap, { worthwhile: false })
        )
        expect(provided.worthwhile).toBe(true)
      })
    )
  })
} else {
  describe.skip("storage contract: postgres (server unreachable)", () => {
    it("runs against a reachable Postgres", () => {})
  })
}
