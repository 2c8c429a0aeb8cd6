import { type RateLimitOptions, RateLimits } from "@quire/http"
import { Config, type ConfigError, Effect } from "effect"

const defaults = RateLimits.defaultValue()

const budget = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be a whole number, 0 or more (0: no limit)`, validation: (n) => n >= 0 })
  )

/**
 * The API's rate limits from the environment: `AUTH_FAILURES_PER_MINUTE` (per client address),
 * `TOKEN_REQUESTS_PER_MINUTE` (per API token), `TRUST_PROXY` (take the address from
 * `X-Forwarded-For`). Counted per server process.
 */
export const RateLimitConfig: Effect.Effect<RateLimitOptions, ConfigError.ConfigError> = Effect.gen(function* () {
  const authFailuresPerAddress = yield* budget("AUTH_FAILURES_PER_MINUTE", defaults.authFailuresPerAddress)
  const requestsPerToken = yield* budget("TOKEN_REQUESTS_PER_MINUTE", defaults.requestsPerToken)
  const trustProxy = yield* Config.boolean("TRUST_PROXY").pipe(Config.withDefault(defaults.trustProxy))
  return { authFailuresPerAddress, requestsPerToken, windowMillis: 60_000, trustProxy }
})
