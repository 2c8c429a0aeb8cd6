import { HttpApp, HttpServerResponse } from "@effect/platform"
import { RateLimited } from "@quire/core"
import { Effect } from "effect"

/**
 * Fails with `RateLimited` (429 in the error body) and sets `Retry-After` on the answer: the
 * error schema renders the body only, so the header is added to the response on its way out.
 */
export const tooManyRequests = (waitMillis: number, what: string): Effect.Effect<never, RateLimited> => {
  const seconds = String(Math.max(1, Math.ceil(waitMillis / 1000)))
  return Effect.zipRight(
    HttpApp.appendPreResponseHandler((_, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", seconds))
    ),
    Effect.fail(new RateLimited({ message: `Too many ${what}; try again in ${seconds} s` }))
  )
}
