#!/usr/bin/env node
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Layer, Logger, LogLevel } from "effect"
import { RateLimits } from "@quire/http"
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { createToken, createUser, revokeTokens } from "./accounts.js"
import { storageLayer } from "./DatabaseUrl.js"
import { RateLimitConfig } from "./RateLimitConfig.js"
import { serverLayer } from "./serve.js"
import { ServerConfig } from "./ServerConfig.js"

const USAGE = `Usage: quire <command>

  serve                                   start the /v1 HTTP server (migrates first)
  migrate                                 bring the database schema up to date
  users create --email E --name N         make a user; prints {"user", "token"}
  tokens create --email E                 make an API token for a user; prints {"token"}
  tokens revoke --token T                 revoke one token (--token - reads it from stdin); prints {"revoked"}
  tokens revoke --email E                 revoke every token of a user; prints {"revoked"}

Environment: DATABASE_URL (sqlite:<path> | postgres://... | memory:; default sqlite:./data/quire.db),
             HOST (default: every interface), PORT (default 3000), PUBLIC_URL (default http://localhost:$PORT),
             AUTH_FAILURES_PER_MINUTE (default 20), TOKEN_REQUESTS_PER_MINUTE (default 600), TRUST_PROXY`

class UsageError extends Error {}

const STRING_OPTIONS = { email: { type: "string" }, name: { type: "string" }, token: { type: "string" } } as const

const optional = (args: ReadonlyArray<string>, name: keyof typeof STRING_OPTIONS): string | undefined => {
  const value = parseArgs({ args: [...args], options: STRING_OPTIONS, strict: false }).values[name]
  return typeof value === "string" && value !== "" ? value : undefined
}

const option = (args: ReadonlyArray<string>, name: keyof typeof STRING_OPTIONS): string => {
  const value = optional(args, name)
  if (value === undefined) throw new UsageError(`Missing --${name}`)
  return value
}

/** `--token T`, or `--token -` for a token on stdin (kept out of the shell history and the process list); else `--email E`. */
const tokensToRevoke = (args: ReadonlyArray<string>) => {
  const token = optional(args, "token")
  const email = optional(args, "email")
  if ((token === undefined) === (email === undefined)) throw new UsageError("Give either --token or --email")
  if (token === undefined) return { email: email! }
  return { token: token === "-" ? readFileSync(0, "utf8").trim() : token }
}

const command = (argv: ReadonlyArray<string>): Effect.Effect<void, unknown> => {
  const [first, second, ...rest] = argv
  switch (first) {
    case "serve":
      return Effect.flatMap(Effect.all([ServerConfig, RateLimitConfig]), ([config, limits]) =>
        Layer.launch(serverLayer(config).pipe(Layer.provide(RateLimits.layer(limits))))
      )
    case "migrate":
      return Effect.flatMap(ServerConfig, (config) =>
        Effect.zipRight(Layer.build(storageLayer(config.storage)).pipe(Effect.scoped), Console.error("Database is up to date"))
      )
    case "users":
      if (second === "create") return Effect.suspend(() => createUser(option(rest, "email"), option(rest, "name")))
      break
    case "tokens":
      if (second === "create") return Effect.suspend(() => createToken(option(rest, "email")))
      if (second === "revoke") return Effect.suspend(() => revokeTokens(tokensToRevoke(rest)))
      break
  }
  return Effect.fail(new UsageError(first === undefined || first === "help" || first === "--help" ? "" : `Unknown command: ${argv.join(" ")}`))
}

/** One clear line for what an operator can fix; the full cause for anything else. */
const explain = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.squash(cause)
  const text = failure instanceof Error ? failure.message : String(failure)
  const nested = JSON.stringify(failure, Object.getOwnPropertyNames(failure ?? {})) ?? ""
  const everything = text + nested + Cause.pretty(cause)
  if (/EADDRINUSE/.test(everything)) return `Port is already in use: set PORT to a free port`
  // Only when listening: an unknown Postgres host is ENOTFOUND too.
  if (/listen EADDRNOTAVAIL/.test(everything) || (/ServeError/.test(everything) && /ENOTFOUND/.test(everything))) {
    return `HOST is not an address of this machine: unset it to listen on every interface`
  }
  if (failure instanceof UsageError) return failure.message === "" ? USAGE : `${failure.message}\n\n${USAGE}`
  if (typeof failure === "object" && failure !== null && "_tag" in failure && "message" in failure && failure.message !== "") {
    return String(failure.message)
  }
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
