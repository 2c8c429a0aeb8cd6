import { Data } from "effect"
import type { StorageChoice } from "@quire/embed"
import { causeChain, innermostReason } from "./causeChain.js"

/** Where a Postgres URL points, without its user or password: `127.0.0.1:5432`. */
const hostAndPort = (url: string): string => {
  if (!URL.canParse(url)) return "the DATABASE_URL"
  const { hostname, port } = new URL(url)
  return `${hostname === "" ? "localhost" : hostname}:${port === "" ? "5432" : port}`
}

/** `PgPool`'s own message when the first connection fails or does not answer. */
const CONNECTING = /^PgClient: (Failed to connect|Connection timed out)/

const connecting = (cause: unknown) =>
  causeChain(cause).some((link) => link instanceof Error && CONNECTING.test(link.message))

/** What could not be done, for the one line: `connect to Postgres at 127.0.0.1:5432`. */
const attempt = (storage: StorageChoice, cause: unknown): string => {
  switch (storage.kind) {
    case "postgres":
      return `${connecting(cause) ? "connect to" : "prepare the database on"} Postgres at ${hostAndPort(storage.url)}`
    case "sqlite":
      return `open the SQLite database ${storage.filename}`
    case "memory":
      return "start the memory storage"
  }
}

/**
 * The configured storage could not start: not reachable, refused, not there, or its migrations
 * failed. `cause` is what the adapter failed (or died) with.
 */
export class DatabaseUnavailable extends Data.TaggedError("DatabaseUnavailable")<{
  readonly storage: StorageChoice
  readonly cause: unknown
}> {
  override get message() {
    return `cannot ${attempt(this.storage, this.cause)}: ${innermostReason(this.cause)}`
  }
}
