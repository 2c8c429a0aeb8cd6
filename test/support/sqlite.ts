import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, type Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** The path of a SQLite file in a fresh temporary directory, removed with the scope. */
export const tempSqliteFile: Effect.Effect<string, never, Scope.Scope> = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "quire-sqlite-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
).pipe(Effect.map((dir) => join(dir, "nested", "quire.db")))

/** Every storage port on a migrated SQLite file of its own; the file is gone once the layer is released. */
export const sqliteTestStorage = Layer.unwrapScoped(
  Effect.map(tempSqliteFile, (filename) => SqliteStorage.layer({ filename }))
)
