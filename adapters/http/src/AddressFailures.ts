import type { HttpServerRequest } from "@effect/platform"
import type { RateLimited } from "@quire/core"
import { Context, Effect, Layer, Predicate } from "effect"
import { clientAddress } from "./clientAddress.js"
import { FixedWindows } from "./FixedWindows.js"
import { RateLimits } from "./RateLimits.js"
import { tooManyRequests } from "./tooManyRequests.js"

/** The 429 of an address past its budget of failed authentications, `waitMillis` before its window ends. */
export const tooManyFailures = (waitMillis: number): Effect.Effect<never, RateLimited> =>
  tooManyRequests(waitMillis, "failed authentications from this address")

/**
 * Failed authentications per client address, counted in this process (see `RateLimits`), one
 * budget whatever was presented: a bearer token (`BearerTokens`), a SAML response or a sign-in
 * code. An address past it gets 429 until its window ends, before what it presents is checked.
 */
export class AddressFailures extends Context.Tag("@quire/http/AddressFailures")<
  AddressFailures,
  {
    /** The counts, for `BearerTokens`, which reads them on every request without an effect. */
    readonly windows: FixedWindows
    /**
     * `attempt`, unless the caller's address is over its budget (429 then, `attempt` not run);
     * an `Unauthorized` it fails with is counted against the address.
     */
    readonly guard: <A, E, R>(
      attempt: Effect.Effect<A, E, R>
    ) => Effect.Effect<A, E | RateLimited, R | HttpServerRequest.HttpServerRequest>
  }
>() {}

export const AddressFailuresLive = Layer.effect(
  AddressFailures,
  Effect.gen(function* () {
    const limits = yield* RateLimits
    const clock = yield* Effect.clock
    const windows = new FixedWindows(limits.authFailuresPerAddress, limits.windowMillis)
    const address = clientAddress(limits.trustProxy)

    const guard = <A, E, R>(
      attempt: Effect.Effect<A, E, R>
    ): Effect.Effect<A, E | RateLimited, R | HttpServerRequest.HttpServerRequest> =>
      Effect.flatMap(address, (key): Effect.Effect<A, E | RateLimited, R> => {
        const wait = windows.waitFor(key, clock.unsafeCurrentTimeMillis())
        if (wait > 0) return tooManyFailures(wait)
        return Effect.tapError(attempt, (error) =>
          Predicate.isTagged(error, "Unauthorized") ? Effect.sync(() => windows.hit(key, clock.unsafeCurrentTimeMillis())) : Effect.void
        )
      })

    return { windows, guard }
  })
)
