import { DOCUMENT_TIME_BUDGET_MS } from "@quire/core"
import { DEFAULT_MAX_BODY_BYTES } from "@quire/http"
import { Config, ConfigError, Effect, Either, Option } from "effect"
import { parseDatabaseUrl } from "@quire/embed"
import { HostConfig } from "./HostConfig.js"

/** Everything the CLI reads from the environment. */
export const ServerConfig = Effect.gen(function* () {
  const databaseUrl = yield* Config.string("DATABASE_URL").pipe(Config.withDefault("sqlite:./data/quire.db"))
  const port = yield* Config.port("PORT").pipe(Config.withDefault(3000))
  const host = yield* HostConfig
  const givenPublicUrl = yield* Config.string("PUBLIC_URL").pipe(Config.option)
  const publicUrl = Option.getOrElse(givenPublicUrl, () => `http://localhost:${port}`)
  const maxBodyBytes = yield* Config.integer("MAX_BODY_BYTES").pipe(
    Config.withDefault(DEFAULT_MAX_BODY_BYTES),
    Config.validate({ message: "MAX_BODY_BYTES must be a whole number of bytes, at least 1", validation: (n) => n >= 1 })
  )
  const markdownTimeBudgetMs = yield* Config.integer("MARKDOWN_TIME_BUDGET_MS").pipe(
    Config.withDefault(DOCUMENT_TIME_BUDGET_MS),
    Config.validate({ message: "MARKDOWN_TIME_BUDGET_MS must be a whole number of milliseconds, at least 100", validation: (n) => n >= 100 })
  )
  const markdownThreads = yield* Config.integer("MARKDOWN_THREADS").pipe(
    Config.withDefault(1),
    Config.validate({ message: "MARKDOWN_THREADS must be a whole number of threads, from 1 to 16", validation: (n) => n >= 1 && n <= 16 })
  )
  const ssoReturnOrigins = yield* Config.array(Config.string(), "SSO_RETURN_ORIGINS").pipe(
    Config.withDefault([] as ReadonlyArray<string>),
    Config.mapOrFail((entries) => {
      const origins: Array<string> = []
      for (const entry of entries.map((e) => e.trim()).filter((e) => e !== "")) {
        const origin = URL.canParse(entry) ? new URL(entry).origin : "null"
        if (origin === "null" || !/^https?:/.test(origin)) {
          return Either.left(ConfigError.InvalidData([], `SSO_RETURN_ORIGINS: "${entry}" is not an http(s) origin`))
        }
        origins.push(origin)
      }
      return Either.right(origins)
    })
  )
  const storage = yield* parseDatabaseUrl(databaseUrl)
  return {
    databaseUrl,
    host,
    port,
    publicUrl: publicUrl.replace(/\/+$/, ""),
    /** PUBLIC_URL is unset: `publicUrl` is `http://localhost:$PORT`, which a command other than `serve` may need to say. */
    publicUrlAssumed: Option.isNone(givenPublicUrl),
    maxBodyBytes,
    markdownTimeBudgetMs,
    markdownThreads,
    /** Where a SAML sign-in may send its hand-off code, besides PUBLIC_URL. */
    ssoReturnOrigins,
    storage
  } as const
})
