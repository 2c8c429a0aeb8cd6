import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import { Actor, ApiTokens } from "@quire/core"
import { Effect, Layer, Redacted, Schema } from "effect"
import { clientAddress } from "./clientAddress.js"
import { RateLimitedError, UnauthorizedError } from "./errors.js"
import { FixedWindows } from "./FixedWindows.js"
import { RateLimits } from "./RateLimits.js"
import { tooManyRequests } from "./tooManyRequests.js"

/**
 * Bearer-token authentication: every `/v1` operation runs as the token's user. 429 when the
 * token has used its budget of requests, or the caller's address its budget of failures.
 */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  failure: Schema.Union(UnauthorizedError, RateLimitedError),
  provides: Actor,
  security: { bearer: HttpApiSecurity.bearer }
}) {}

/**
 * Budgets are counted in this process (see `RateLimits`). An address over its failure budget
 * is refused before its token is even looked up, valid or not: otherwise 429 or 200 would
 * still tell a guess apart, and each guess would still cost a query. A missing token costs
 * nothing and guesses nothing, so it is not counted. Per request this costs a clock read and
 * a map lookup with an increment; the address is only worked out while some address has
 * failures on record, or on a failure.
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const tokens = yield* ApiTokens
    const limits = yield* RateLimits
    const clock = yield* Effect.clock
    const failures = new FixedWindows(limits.authFailuresPerAddress, limits.windowMillis)
    const requests = new FixedWindows(limits.requestsPerToken, limits.windowMillis)
    const address = clientAddress(limits.trustProxy)

    const authenticate = (token: string, now: number) =>
      Effect.matchEffect(tokens.authenticate(token), {
        onFailure: (error) =>
          Effect.flatMap(address, (key) => {
            failures.hit(key, now)
            return Effect.fail(error)
          }),
        onSuccess: (user) => {
          const wait = requests.hit(token, now)
          return wait === 0 ? Effect.succeed(user) : tooManyRequests(wait, "requests with this API token")
        }
      })

    const bearer = (credential: Redacted.Redacted<string>) => {
      const token = Redacted.value(credential)
      if (token === "") return tokens.authenticate(token)
      const now = clock.unsafeCurrentTimeMillis()
      if (failures.size === 0) return authenticate(token, now)
      return Effect.flatMap(address, (key) => {
        const wait = failures.waitFor(key, now)
        return wait === 0 ? authenticate(token, now) : tooManyRequests(wait, "failed authentications from this address")
      })
    }

    return { bearer }
  })
)
