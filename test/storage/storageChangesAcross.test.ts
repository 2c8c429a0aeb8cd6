import { describe, expect, it } from "@effect/vitest"
import { OrganizationRepository, Storage, StorageChanges, type StoragePorts } from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Context, Duration, Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { testAuthority } from "../support/authority.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { makeOrganization } from "./contract-fixtures.js"

/**
 * `StorageChanges` across two storages on one database, as two server processes have them:
 * a commit through one moves the other's mark (SQLite: at once, by the data version;
 * Postgres: once the notification arrives).
 */
const available = await postgresAvailable()

/** Commits an organization through `writer`; resolves once `watcher`'s mark has moved (or fails after 5 s). */
const seenAcross = (writer: Context.Context<StoragePorts>, watcher: Context.Context<StoragePorts>) =>
  Effect.gen(function* () {
    const watched = Context.get(watcher, StorageChanges)
    const before = watched.mark()
    expect(watched.mark()).toBe(before)
    yield* Effect.provide(
      Effect.flatMap(Storage, (storage) => storage.transaction(Effect.flatMap(OrganizationRepository, (o) => o.insert(makeOrganization())))),
      Layer.merge(Layer.succeedContext(writer), testAuthority)
    )
    const waited = yield* Effect.gen(function* () {
      let waitedMs = 0
      while (watched.mark() === before) {
        yield* Effect.sleep(Duration.millis(5))
        waitedMs += 5
      }
      return waitedMs
    }).pipe(Effect.timeoutFail({ duration: Duration.seconds(5), onTimeout: () => new Error("the other storage's mark never moved") }))
    return waited
  })

describe("StorageChanges across storages on one database", () => {
  it.scopedLive("SQLite: a commit through one file handle moves the other's mark at once", () =>
    Effect.gen(function* () {
      const filename = join(mkdtempSync(join(tmpdir(), "quire-changes-")), "q.db")
      const first = yield* Layer.build(SqliteStorage.layer({ filename }))
      const second = yield* Layer.build(SqliteStorage.layer({ filename }))
      expect(yield* seenAcross(first, second)).toBe(0)
      expect(yield* seenAcross(second, first)).toBe(0)
    })
  )

  it.scopedLive.runIf(available)("Postgres: a commit through one pool moves the other's mark once notified", () =>
    Effect.gen(function* () {
      const url = yield* freshPostgresDatabase
      const first = yield* Layer.build(PostgresStorage.layer({ url, maxConnections: 2 }))
      const second = yield* Layer.build(PostgresStorage.layer({ url, maxConnections: 2 }))
      // Both listen once they have connected.
      yield* Effect.sleep(Duration.millis(500))
      const waited = yield* seenAcross(first, second)
      expect(waited).toBeLessThan(5000)
      yield* seenAcross(second, first)
    })
  )
})
