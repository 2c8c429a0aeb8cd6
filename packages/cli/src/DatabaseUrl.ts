import { Data, Effect } from "effect"
import { MemoryStorage } from "@quire/storage-memory"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"

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

/** The storage adapter a `DATABASE_URL` names; building it migrates the database. */
export const storageLayer = (choice: StorageChoice) => {
  switch (choice.kind) {
    case "memory":
      return MemoryStorage.layer
    case "sqlite":
      return SqliteStorage.layer({ filename: choice.filename })
    case "postgres":
      return PostgresStorage.layer({ url: choice.url })
  }
}

export const describeStorage = (choice: StorageChoice) =>
  choice.kind === "memory" ? "memory" : choice.kind === "sqlite" ? `sqlite ${choice.filename}` : "postgres"

