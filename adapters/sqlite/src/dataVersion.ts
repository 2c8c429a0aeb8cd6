import { ForeignCommits } from "@quire/storage-sql"
import Database from "better-sqlite3"
import { Effect, Layer } from "effect"

/**
 * Commits of other connections to the file, this process's included (its writes go through the
 * client's connection), by SQLite's `PRAGMA data_version` on a read-only connection of its own:
 * a number that changes whenever another connection commits, read without touching the database.
 */
export const dataVersionCommits = (filename: string): Layer.Layer<ForeignCommits> =>
  Layer.scoped(
    ForeignCommits,
    Effect.map(
      Effect.acquireRelease(
        Effect.sync(() => new Database(filename, { readonly: true, fileMustExist: true })),
        (db) => Effect.sync(() => db.close())
      ),
      (db) => {
        const version = db.prepare("PRAGMA data_version").pluck()
        return { mark: () => String(version.get()) }
      }
    )
  )
