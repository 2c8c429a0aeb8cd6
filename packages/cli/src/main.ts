#!/usr/bin/env node
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Layer, Logger, LogLevel } from "effect"
import { parseArgs } from "node:util"
import { createToken, createUser } from "./accounts.js"
import { storageLayer } from "./DatabaseUrl.js"
import { serverLayer } from "./serve.js"
import { ServerConfig } from "./ServerConfig.js"

const USAGE = `Usage: quire <command>

  serve                                   start the /v1 HTTP server (migrates first)
  migrate                                 bring the database schema up to date
  users create --email E --name N         make a user; prints {"user", "token"}
  tokens create --email E                 make an API token for a user; prints {"token"}

Environment: DATABASE_URL (sqlite:<path> | postgres://... | memory:; default sqlite:./data/quire.db),
             PORT (default 3000), PUBLIC_URL (default http://localhost:$PORT)`

class UsageError extends Error {}

const option = (args: ReadonlyArray<string>, name: string) => {
  const { values } = parseArgs({ args: [...args], options: { [name]: { type: "string" }, email: { type: "string" }, name: { type: "string" } }, strict: false })
  const value = values[name]
  if (typeof value !== "string" || value === "") throw new UsageError(`Missing --${name}`)
  return value
}

const command = (argv: ReadonlyArray<string>): Effect.Effect<void, unknown> => {
  const [first, second, ...rest] = argv
  switch (first) {
    case "serve":
      return Effect.flatMap(ServerConfig, (config) => Layer.launch(serverLayer(config)))
    case "migrate":
      return Effect.flatMap(ServerConfig, (config) =>
        Effect.zipRight(Layer.build(storageLayer(config.storage)).pipe(Effect.scoped), Console.error("Database is up to date"))
      )
    case "users":
      if (second === "create") return Effect.suspend(() => createUser(option(rest, "email"), option(rest, "name")))
      break
    case "tokens":
      if (second === "create") return Effect.suspend(() => createToken(option(rest, "email")))
      break
  }
  return Effect.fail(new UsageError(first === undefined || first === "help" || first === "--help" ? "" : `Unknown command: ${argv.join(" ")}`))
}

/** One clear line for what an operator can fix; the full cause for anything else. */
const explain = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.squash(cause)
  const text = failure instanceof Error ? failure.message : String(failure)
  const nested = JSON.stringify(failure, Object.getOwnPropertyNames(failure ?? {})) ?? ""
  if (/EADDRINUSE/.test(text + nested + Cause.pretty(cause))) return `Port is already in use: set PORT to a free port`
  if (failure instanceof UsageError) return failure.message === "" ? USAGE : `${failure.message}\n\n${USAGE}`
  if (typeof failure === "object" && failure !== null && "_tag" in failure && "message" in failure) return String(failure.message)
  return Cause.pretty(cause)
}

const program = command(process.argv.slice(2)).pipe(
  Effect.catchAllCause((cause) =>
    Cause.isInterruptedOnly(cause)
      ? Effect.void
      : Effect.zipRight(Console.error(explain(cause)), Effect.sync(() => (process.exitCode = 1)))
  ),
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
  Logger.withMinimumLogLevel(LogLevel.Info)
)

NodeRuntime.runMain(program, { disableErrorReporting: true, disablePrettyLogger: true })
