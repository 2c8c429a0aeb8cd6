import type { HttpServerError, HttpServerRequest } from "@effect/platform"
import { InvalidInput } from "@quire/core"
import { Effect, type Scope } from "effect"
import { type BodyRefused, bodyNotJson } from "./BodyRefused.js"
import { nestsDeeperThan } from "./jsonDepth.js"
import { type InputLimitOptions, MAX_JSON_DEPTH } from "./InputLimits.js"
import { isJsonMediaType } from "./mediaType.js"
import { readBodyText } from "./readBody.js"
import { findUnsafeText } from "./unsafeText.js"

/** Whether the request says a body follows: a non-zero length, or a chunked one. */
const announcesBody = (headers: HttpServerRequest.HttpServerRequest["headers"]): boolean => {
  const length = headers["content-length"]
  return length !== undefined ? Number(length) !== 0 : headers["transfer-encoding"] !== undefined
}

const tooDeep = InvalidInput.of("body", `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`)
const notJson = InvalidInput.of("body", "is not valid JSON")

/** The body's text as a JSON value every string of which storage can keep; an empty body is null. */
const parseChecked = (text: string): Effect.Effect<unknown, InvalidInput> => {
  if (text === "") return Effect.succeed(null)
  // Before parsing: nothing below ever walks a value deeper than this.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return Effect.fail(tooDeep)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return Effect.fail(notJson)
  }
  const unsafe = findUnsafeText(value)
  return unsafe === undefined ? Effect.succeed(value) : Effect.fail(InvalidInput.of(unsafe.field, unsafe.rule))
}

/**
 * The JSON body of an operation that takes one, or null without one: 415 unless it is sent
 * as JSON, 413 past the size cap, 400 (naming the field) when it is not JSON, nests too deep,
 * or holds a string with a NUL or an unpaired surrogate. `scope` is the request's.
 */
export const readJsonBody = (
  request: HttpServerRequest.HttpServerRequest,
  limits: InputLimitOptions,
  scope: Scope.Scope
): Effect.Effect<unknown, BodyRefused | InvalidInput | HttpServerError.RequestError> => {
  const headers = request.headers
  if (!announcesBody(headers)) return Effect.succeed(null)
  if (!isJsonMediaType(headers["content-type"])) return Effect.fail(bodyNotJson)
  return Effect.flatMap(readBodyText(request, limits.maxBodyBytes, scope), parseChecked)
}
