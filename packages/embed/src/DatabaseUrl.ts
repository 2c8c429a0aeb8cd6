/**
 * The storage a database URL names: how both `openQuire` and the `quire` CLI (its
 * `DATABASE_URL`) open storage. One function for both, so they accept the same URLs.
 */
import { Data, Effect, Layer } from "effect"
import { MemoryStorage } from "@quire/storage-memory"

export class BadDatabaseUrl extends Data.TaggedError("BadDatabaseUrl")<{ readonly url: string }> {
  override get message() {
    return `DATABASE_URL "${this.url}" is not understood: use sqlite:<path>, postgres://user@host:port/db or memory:`
  }
}

export type StorageChoice =
  | { readonly kind: "memory" }
  | { readonly kind: "sqlite"; readonly filename: string }
  | { readonly kind: "postgres"; readonly url: string }

export const parseDatabaseUrl = (url: string): Effect.Effect<StorageChoice, BadDatabaseUrl> => {
  if (url === "memory:" || url === "memory") return Effect.succeed({ kind: "memory" })
  if (url.startsWith("sqlite:") && url.length > "sqlite:".length) {
    return Effect.succeed({ kind: "sqlite", filename: url.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "") })
  }
  if (/^postgres(ql)?:\/\/.+/.test(url) && URL.canParse(url)) return Effect.succeed({ kind: "postgres", url })
  return Effect.fail(new BadDatabaseUrl({ url }))
}

/** Told which migrations a storage layer ran, `[3, "write_lock"]` for `0003_write_lock`; none when up to date. */
export type OnMigrated = (applied: ReadonlyArray<readonly [id: number, name: string]>) => Effect.Effect<void>

/**
 * The storage adapter a `DATABASE_URL` names; building it migrates the database, then calls
 * `onMigrated` (if given) with the migrations that ran. Memory has no schema: always up to date.
 * The SQLite and Postgres adapters are loaded when their layer is built, so a program on one
 * does not load the other's driver.
 */
export const storageLayer = (choice: StorageChoice, onMigrated?: OnMigrated) => {
  switch (choice.kind) {
    case "memory":
      return onMigrated === undefined
        ? MemoryStorage.layer
        : Layer.merge(MemoryStorage.layer, Layer.effectDiscard(onMigrated([])))
    case "sqlite":
      return Layer.unwrapEffect(
        Effect.map(
          Effect.promise(() => import("@quire/storage-sqlite")),
          ({ SqliteStorage }) => SqliteStorage.layer({ filename: choice.filename, onMigrated })
        )
      )
    case "postgres":
      return Layer.unwrapEffect(
        Effect.map(
          Effect.promise(() => import("@quire/storage-postgres")),
          ({ PostgresStorage }) => PostgresStorage.layer({ url: choice.url, onMigrated })
        )
      )
  }
}

export const describeStorage = (choice: StorageChoice) =>
  choice.kind === "memory" ? "memory" : choice.kind === "sqlite" ? `sqlite ${choice.filename}` : "postgres"
