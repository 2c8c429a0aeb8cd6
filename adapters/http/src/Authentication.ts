import { HttpApiMiddleware, HttpApiSecurity, type HttpServerRequest } from "@effect/platform"
import { Actor, ApiTokens, type RateLimited, type Unauthorized, type UserRecord } from "@quire/core"
import { Context, Effect, Layer, Option, Redacted, Schema } from "effect"
import { AddressFailures, tooManyFailures } from "./AddressFailures.js"
import { clientAddress, clientAddressOf } from "./clientAddress.js"
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
 * The presented tokens and their budgets, counted in this process (see `RateLimits`): what
 * `Authentication` admits, and what `HotReads` may admit without counting a request it then
 * leaves to the API.
 */
export class BearerTokens extends Context.Tag("@quire/http/BearerTokens")<
  BearerTokens,
  {
    /** The token's user, its request counted; or 401 (counted against the address), or 429. */
    readonly admit: (
      token: string
    ) => Effect.Effect<UserRecord, Unauthorized | RateLimited, HttpServerRequest.HttpServerRequest>
    /** The token's user when `admit` would admit it now, having counted nothing; none when it would not. */
    readonly wouldAdmit: (token: string, request: HttpServerRequest.HttpServerRequest) => Effect.Effect<Option.Option<UserRecord>>
    /** Counts a request of a token `wouldAdmit` admitted; false when that took it past its budget. */
    readonly count: (token: string) => boolean
  }
>() {}

/**
 * Budgets are counted in this process (see `RateLimits`); the address's failures are
 * `AddressFailures`', shared with the sign-in endpoints. An address over its failure budget
 * is refused before its token is even looked up, valid or not: otherwise 429 or 200 would
 * still tell a guess apart, and each guess would still cost a query. A missing token costs
 * nothing and guesses nothing, so it is not counted. Per request this costs a clock read and
 * a map lookup with an increment; the address is only worked out while some address has
 * failures on record, or on a failure.
 */
export const BearerTokensLive = Layer.effect(
  BearerTokens,
  Effect.gen(function* () {
    const tokens = yield* ApiTokens
    const limits = yield* RateLimits
    const clock = yield* Effect.clock
    const failures = (yield* AddressFailures).windows
    const requests = new FixedWindows(limits.requestsPerToken, limits.windowMillis)
    const address = clientAddress(limits.trustProxy)
    const addressOf = clientAddressOf(limits.trustProxy)

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

    const admit = (token: string) => {
      if (token === "") return tokens.authenticate(token)
      const now = clock.unsafeCurrentTimeMillis()
      if (failures.size === 0) return authenticate(token, now)
      return Effect.flatMap(address, (key) => {
        const wait = failures.waitFor(key, now)
        return wait === 0 ? authenticate(token, now) : tooManyFailures(wait)
      })
    }

    const none = Effect.succeed(Option.none<UserRecord>())
    const lookup = (token: string) =>
      Effect.match(tokens.authenticate(token), { onFailure: () => Option.none<UserRecord>(), onSuccess: Option.some })
    const wouldAdmit = (token: string, request: HttpServerRequest.HttpServerRequest) => {
      const now = clock.unsafeCurrentTimeMillis()
      if (token === "" || requests.waitFor(token, now) > 0) return none
      return failures.size === 0 || failures.waitFor(addressOf(request), now) === 0 ? lookup(token) : none
    }

    const count = (token: string) => requests.hit(token, clock.unsafeCurrentTimeMillis()) === 0

    return { admit, wouldAdmit, count }
  })
)

/** `Authentication` by `BearerTokens`. */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.map(BearerTokens, (tokens) => ({
    bearer: (credential: Redacted.Redacted<string>) => tokens.admit(Redacted.value(credential))
  }))
)
