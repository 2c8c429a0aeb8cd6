import { SqlClient } from "@effect/sql/SqlClient"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect } from "effect"

/** One value of one row, read from a test server's SQLite file. */
const readOne = (database: string, query: (sql: SqlClient) => Effect.Effect<ReadonlyArray<{ readonly value: string }>, unknown>) =>
  Effect.runPromise(Effect.flatMap(SqlClient, query).pipe(Effect.map((rows) => rows[0]!.value), Effect.provide(SqliteStorage.client({ filename: database }))))

/** A site's visitor key, which no operation answers: read from the server's SQLite file. */
export const visitorKeyOf = (database: string, siteId: string) =>
  readOne(database, (sql) => sql<{ readonly value: string }>`SELECT visitor_key AS value FROM sites WHERE id = ${siteId}`)

/** A share link's key, which no list answers: read from the server's SQLite file. */
export const shareKeyOf = (database: string, linkId: string) =>
  readOne(database, (sql) => sql<{ readonly value: string }>`SELECT share_key AS value FROM site_share_links WHERE id = ${linkId}`)
