import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { UserRepository } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { migrate } from "@quire/storage-sql"
import { Effect, Layer, Option } from "effect"
import { tempSqliteFile, sqliteTestStorage } from "../support/sqlite.js"
import { makeUser } from "./contract-fixtures.js"
import { storageContract } from "./contract.js"

storageContract("sqlite", sqliteTestStorage)

describe("SQLite file", () => {
  it.scoped("is made with its directory, in WAL mode with a busy timeout, and keeps data across opens", () =>
    Effect.gen(function* () {
      const filename = yield* tempSqliteFile
      const user = makeUser()
      yield* Effect.provide(
        Effect.flatMap(UserRepository, (users) => users.insert(user)),
        SqliteStorage.layer({ filename })
      )
      const reopened = Layer.merge(SqliteStorage.layer({ filename }), SqliteStorage.client({ filename }))
      yield* Effect.provide(
        Effect.gen(function* () {
          const sql = yield* SqlClient
          expect(yield* sql`PRAGMA journal_mode`).toStrictEqual([{ journalMode: "wal" }])
          expect(yield* sql`PRAGMA busy_timeout`).toStrictEqual([{ timeout: 5000 }])
          expect(yield* migrate).toStrictEqual([])
          expect(yield* (yield* UserRepository).findById(user.id)).toStrictEqual(Option.some(user))
        }),
        reopened
      )
    })
  )
})
