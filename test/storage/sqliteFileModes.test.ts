import { describe, expect, it } from "@effect/vitest"
import { UserRepository } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Logger } from "effect"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeUser } from "./contract-fixtures.js"

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)

const tempDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "quire-modes-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** Opens the database, writes a row (so the -wal and -shm files exist) and answers what was logged. */
const openAndWrite = (filename: string) =>
  Effect.gen(function* () {
    const logged: Array<string> = []
    const logger = Logger.replace(Logger.defaultLogger, Logger.make(({ message }) => logged.push(String(message))))
    yield* Effect.flatMap(UserRepository, (users) => users.insert(makeUser())).pipe(
      Effect.provide(SqliteStorage.layer({ filename })),
      Effect.provide(logger)
    )
    return logged
  })

describe("SQLite file modes", () => {
  it.scoped("a new database, its -wal and -shm files and the folders made for it are the owner's only", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const filename = join(dir, "data", "nested", "quire.db")
      // Kept open across the checks: the -wal and -shm files go away when the last connection closes.
      yield* Effect.flatMap(UserRepository, (users) => users.insert(makeUser())).pipe(
        Effect.zipRight(
          Effect.sync(() => {
            expect(modeOf(join(dir, "data"))).toBe("700")
            expect(modeOf(join(dir, "data", "nested"))).toBe("700")
            expect(modeOf(filename)).toBe("600")
            expect(modeOf(`${filename}-wal`)).toBe("600")
            expect(modeOf(`${filename}-shm`)).toBe("600")
          })
        ),
        Effect.provide(SqliteStorage.layer({ filename }))
      )
    })
  )

  it.scoped("an existing folder and file keep their modes; a database others may read is warned about", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const folder = join(dir, "shared")
      mkdirSync(folder)
      chmodSync(folder, 0o755)
      const filename = join(folder, "quire.db")
      writeFileSync(filename, "")
      chmodSync(filename, 0o644)
      const logged = yield* openAndWrite(filename)
      expect(modeOf(folder)).toBe("755")
      expect(modeOf(filename)).toBe("644")
      expect(logged.join("\n")).toMatch(/readable by every user of this machine \(mode 644\)/)
      chmodSync(filename, 0o640)
      expect(yield* openAndWrite(filename)).toEqual([])
    })
  )
})
