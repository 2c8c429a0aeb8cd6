import { HttpMiddleware, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Clock, Effect, Exit } from "effect"

/**
 * Request log lines wait here until the end of the current turn of the event loop, then
 * go out in one write: a busy server makes one syscall per batch, not one per request.
 */
let pending: Array<string> = []
const flush = () => {
  const lines = pending
  pending = []
  process.stderr.write(lines.join(""))
}

/**
 * One line per request on stderr: `<ISO time> <method> <url> <status> <ms>ms`.
 * Cheaper than routing every request through the Effect logger (formatting, fiber refs,
 * annotations), which showed up as ~7% of a busy server's time; written without a generator
 * for the same reason.
 */
export const requestLog = HttpMiddleware.make((app) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.flatMap(Clock.currentTimeMillis, (start) =>
      Effect.onExit(app, (exit) =>
        Effect.map(Clock.currentTimeMillis, (end) => {
          const status = Exit.isSuccess(exit) ? exit.value.status : Cause.isInterruptedOnly(exit.cause) ? 499 : 500
          if (pending.length === 0) setImmediate(flush)
          pending.push(`${new Date(end).toISOString()} ${request.method} ${request.url} ${status} ${end - start}ms\n`)
        })
      )
    )
  )
)

/**
 * A 200 JSON answer of a resource as it is: resources are built from trusted rows in
 * exactly their wire shape, so encoding them through their schema again only costs time.
 * (The end-to-end suite validates every answer against the official spec.)
 */
export const json = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.map(self, (value) => HttpServerResponse.unsafeJson(value))
