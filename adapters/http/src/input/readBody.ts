import type { HttpServerError, HttpServerRequest } from "@effect/platform"
import { Effect, Option, Scope, Stream } from "effect"
import { type BodyRefused, bodyTooLarge } from "./BodyRefused.js"

const decoder = new TextDecoder()

const joined = (parts: ReadonlyArray<Uint8Array>, size: number): Uint8Array => {
  if (parts.length === 1) return parts[0]!
  const whole = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}

/**
 * The request body as UTF-8 text, counting bytes as they arrive and failing with 413 as soon
 * as there are more than `maxBytes`: what is past the cap is never buffered.
 *
 * The body's stream is released with `scope`, the request's, which closes once the answer is
 * written. Released on failure here, a stream that destroys its request when released (as
 * `@effect/platform-node`'s does) would destroy the socket too: the client would see a reset
 * instead of the 413. `NodeServer`'s leaves the rest of the body unread, and reads and discards
 * it after answering, before closing (see `closeAfterDiscardingBody`).
 */
export const readBodyText = (
  request: HttpServerRequest.HttpServerRequest,
  maxBytes: number,
  scope: Scope.Scope
): Effect.Effect<string, BodyRefused | HttpServerError.RequestError> =>
  Effect.flatMap(Scope.extend(Stream.toPull(request.stream), scope), (pull) => {
    const parts: Array<Uint8Array> = []
    let size = 0
    const next = (): Effect.Effect<string, BodyRefused | HttpServerError.RequestError> =>
      Effect.matchEffect(pull, {
        onFailure: Option.match({
          onNone: () => Effect.succeed(size === 0 ? "" : decoder.decode(joined(parts, size))),
          onSome: Effect.fail
        }),
        onSuccess: (chunk) => {
          for (const part of chunk) {
            size += part.length
            if (size > maxBytes) return Effect.fail(bodyTooLarge(maxBytes))
            parts.push(part)
          }
          return next()
        }
      })
    return next()
  })
