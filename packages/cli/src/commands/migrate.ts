import { Command } from "@effect/cli"
import { whenRun } from "./whenRun.js"

/** `quire migrate`: brings the schema up to date, saying what it applied (or that nothing was due). */
export const migrate = Command.make("migrate", {}, () => whenRun(() => import("../runServe.js"), (run) => run.runMigrate)).pipe(
  Command.withDescription(
    "Bring the database schema up to date: prints `applied <migration>` for each one applied, or `database is up to date`."
  )
)
