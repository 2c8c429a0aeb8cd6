import { Headers, type HttpServerRequest } from "@effect/platform"
import { Effect, type Scope, Stream } from "effect"
import { bodyNotJson } from "./BodyRefused.js"
import type { InputLimitOptions } from "./InputLimits.js"
import { readJsonBody } from "./readJsonBody.js"

const refused = { get: () => Effect.fail(bodyNotJson) }

/**
 * `request` with a body that can only be read as JSON, through `readJsonBody`. HttpApiBuilder
 * picks how to read a payload from the Content-Type (a form, multipart parts written to the
 * temporary folder, raw bytes...): this request names JSON whatever the client sent, so the
 * builder always asks for JSON, and `readJsonBody` checks what was really sent. The other
 * readers refuse, should anything else ask.
 */
export const jsonOnlyRequest = (
  request: HttpServerRequest.HttpServerRequest,
  limits: InputLimitOptions,
  scope: Scope.Scope
): HttpServerRequest.HttpServerRequest =>
  Object.create(request, {
    headers: { get: () => Headers.set(request.headers, "content-type", "application/json") },
    json: { get: () => readJsonBody(request, limits, scope) },
    text: refused,
    urlParamsBody: refused,
    arrayBuffer: refused,
    multipart: refused,
    multipartStream: { get: () => Stream.fail(bodyNotJson) },
    stream: { get: () => Stream.fail(bodyNotJson) }
  })
