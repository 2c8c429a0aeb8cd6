import { Config, Effect } from "effect"
import { parseDatabaseUrl } from "./DatabaseUrl.js"

/** Everything the CLI reads from the environment. */
export const ServerConfig = Effect.gen(function* () {
  const databaseUrl = yield* Config.string("DATABASE_URL").pipe(Config.withDefault("sqlite:./data/quire.db"))
  const port = yield* Config.port("PORT").pipe(Config.withDefault(3000))
  const publicUrl = yield* Config.string("PUBLIC_URL").pipe(Config.withDefault(`http://localhost:${port}`))
  const storage = yield* parseDatabaseUrl(databaseUrl)
  return { databaseUrl, port, publicUrl: publicUrl.replace(/\/+$/, ""), storage } as const
})
