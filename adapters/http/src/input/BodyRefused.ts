import { HttpServerResponse } from "@effect/platform"
import { Data } from "effect"

/**
 * A body refused before it was read to its end: too large (413) or not JSON (415). Its answer
 * closes the connection, since the rest of the body may still be on its way.
 */
export class BodyRefused extends Data.TaggedError("BodyRefused")<{
  readonly status: 413 | 415
  readonly message: string
}> {}

export const bodyTooLarge = (maxBytes: number) =>
  new BodyRefused({ status: 413, message: `The request body is larger than ${maxBytes} bytes, the most this server reads` })

export const bodyNotJson = new BodyRefused({
  status: 415,
  message: "The request body must be JSON, sent with content-type: application/json"
})

/** The official error body for a refusal. */
export const refusalResponse = (refusal: BodyRefused): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.unsafeJson(
    { error: { code: refusal.status, message: refusal.message } },
    { status: refusal.status, headers: { connection: "close" } }
  )
