import { Command } from "@effect/cli"
import { Effect, Layer } from "effect"
import { logMigrations } from "../migrationLog.js"
import { openStorage } from "../openStorage.js"
import { ServerConfig } from "../ServerConfig.js"

/** `quire migrate`: brings the schema up to date, saying what it applied (or that nothing was due). */
export const migrate = Command.make("migrate", {}, () =>
  Effect.flatMap(ServerConfig, (config) => Effect.scoped(Layer.build(openStorage(config.storage, logMigrations))))
).pipe(
  Command.withDescription(
    "Bring the database schema up to date: prints `applied <migration>` for each one applied, or `database is up to date`."
  )
)
