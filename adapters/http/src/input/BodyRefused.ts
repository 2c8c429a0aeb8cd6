import { HttpApiSchema, HttpServerResponse } from "@effect/platform"
import { Data, Schema } from "effect"

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

/**
 * The wire form of a refusal with `status`, for the OpenAPI document and typed clients: the
 * official error body, decoded to a `BodyRefused`. The server writes the answer itself
 * (`refusalResponse`), before any operation runs.
 */
const refusalSchema = <Status extends 413 | 415>(status: Status, name: string) =>
  Schema.transform(
    Schema.Struct({ error: Schema.Struct({ code: Schema.Literal(status), message: Schema.String }) }),
    Schema.declare((u: unknown): u is BodyRefused => u instanceof BodyRefused && u.status === status, { identifier: name }),
    {
      strict: true,
      decode: (body) => new BodyRefused({ status, message: body.error.message }),
      encode: (refusal) => ({ error: { code: status, message: refusal.message } })
    }
  ).annotations(HttpApiSchema.annotations({ status, identifier: `${name}Error` }))

/** 413: the body is larger than the server reads (`MAX_BODY_BYTES`). */
export const PayloadTooLargeError = refusalSchema(413, "PayloadTooLarge")
/** 415: the body is not sent as JSON. */
export const UnsupportedMediaTypeError = refusalSchema(415, "UnsupportedMediaType")
