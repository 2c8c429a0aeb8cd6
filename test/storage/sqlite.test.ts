import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { Storage, UserRepository } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { migrate } from "@quire/storage-sql"
import { Context, Deferred, Effect, Fiber, Layer, Option } from "effect"
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

/** The users port and transactions of a fresh SQLite file, released with the test's scope. */
const freshStorage = Effect.gen(function* () {
  const filename = yield* tempSqliteFile
  const context = yield* Layer.build(SqliteStorage.layer({ filename }))
  return { users: Context.get(context, UserRepository), storage: Context.get(context, Storage) }
})

describe("SQLite reads outside a transaction (the direct read connection)", () => {
  it.scoped("see only committed rows, never wait for an open transaction, and see a commit at once", () =>
    Effect.gen(function* () {
      const { users, storage } = yield* freshStorage
      const user = makeUser()
      const written = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      // A transaction writes, then stays open until the outside read below is done.
      const writer = yield* Effect.fork(
        storage.transaction(
          Effect.gen(function* () {
            yield* users.insert(user)
            // Inside the transaction a read goes through its connection and sees its own write.
            expect(yield* users.findById(user.id)).toStrictEqual(Option.some(user))
            yield* Deferred.succeed(written, undefined)
            yield* Deferred.await(release)
          })
        )
      )
      yield* Deferred.await(written)
      // Through the client's one connection this read would queue behind the open transaction
      // (which waits for it): it must answer at once, without the uncommitted row.
      const outside = yield* users.findById(user.id).pipe(Effect.timeout("2 seconds"))
      expect(outside).toStrictEqual(Option.none())
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(writer)
      expect(yield* users.findById(user.id)).toStrictEqual(Option.some(user))
    })
  )

  it.scoped("a rolled-back write is never seen", () =>
    Effect.gen(function* () {
      const { users, storage } = yield* freshStorage
      const user = makeUser()
      const failed = yield* storage.transaction(Effect.zipRight(users.insert(user), Effect.fail("undo" as const))).pipe(Effect.flip)
      expect(failed).toBe("undo")
      expect(yield* users.findById(user.id)).toStrictEqual(Option.none())
    })
  )
})
