import { Command } from "@effect/cli"
import { announcingShutdown } from "../shutdownNotice.js"
import { whenRun } from "./whenRun.js"

/** `quire serve`: migrates (one line per migration applied), then serves /v1 until SIGTERM or SIGINT. */
export const serve = Command.make("serve", {}, () =>
  announcingShutdown(whenRun(() => import("../runServe.js"), (run) => run.runServe))
).pipe(Command.withDescription("Start the /v1 HTTP server (migrates the database first)."))
