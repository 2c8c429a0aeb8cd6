import { HttpApi, HttpApiBuilder, HttpApiError, HttpServerError } from "@effect/platform"
import { formatPath, InvalidInput, NotFound } from "@quire/core"
import { Cause, Effect, Option } from "effect"
import { shortValue } from "./errorMessage.js"
import { InternalError } from "./errors.js"
import { BodyRefused, refusalResponse } from "./input/BodyRefused.js"
import { notImplementedAnswer } from "./notImplemented/notImplementedAnswer.js"
import { type OfficialOperation, type UnservedOperations, unservedOperations } from "./notImplemented/unservedOperations.js"
import { firstIssueMessage } from "./unionIssue.js"

const fromDecodeError = (error: HttpApiError.HttpApiDecodeError): InvalidInput => {
  const issue = error.issues[0]
  const field = issue ? formatPath(issue.path) : ""
  if (field !== "") return InvalidInput.of(field, firstIssueMessage(error.issues))
  // A whole-body issue: keep our own rule's words, replace the schema dump Effect would print.
  const message = issue?.message ?? ""
  return InvalidInput.of("body", message === "" || message.startsWith("Expected") ? "must be a JSON object" : message)
}

/**
 * `/v1/v1/...` is a client given `http://host/v1` as its endpoint: the official client adds
 * `/v1` to its endpoint itself, so it wants the bare origin.
 */
const doubledPrefixHint = (url: string) =>
  url.startsWith("/v1/v1/") ? ` (the API is at /v1 once: give the client the server's origin, without /v1, as its endpoint)` : ""

/** A framework failure as the domain error that says the same thing; anything else unchanged. */
const toDomainError = (error: unknown): unknown => {
  if (error instanceof HttpApiError.HttpApiDecodeError) return fromDecodeError(error)
  if (HttpServerError.isServerError(error)) {
    if (error._tag === "RequestError") {
      return InvalidInput.of("body", "is not valid JSON")
    }
    if (error._tag === "RouteNotFound") {
      // Routes are longer than the values messages quote; a URL may be up to the header limit.
      return new NotFound({ message: `No operation at ${error.request.method} ${shortValue(error.request.url, 256)}${doubledPrefixHint(error.request.url)}` })
    }
  }
  return error
}

/**
 * What a defect says when it is the caller's mistake, or undefined. HttpApiBuilder turns a
 * failure to read the body into a defect: an unreadable body, and the refusals of
 * `readJsonBody` (a body refused outright, or an invalid one naming its field).
 */
const callersMistake = (defect: unknown): BodyRefused | InvalidInput | undefined => {
  if (defect instanceof BodyRefused || defect instanceof InvalidInput) return defect
  if (HttpServerError.isServerError(defect) && defect._tag === "RequestError") return InvalidInput.of("body", "is not valid JSON")
  return undefined
}

/** The official operation no route took that a failure is about: an operation the API does not serve. */
const unservedOperationOf = (unserved: UnservedOperations, failure: unknown): OfficialOperation | undefined =>
  HttpServerError.isServerError(failure) && failure._tag === "RouteNotFound"
    ? unserved.at(failure.request.method, failure.request.url)
    : undefined

/**
 * Turns every failure the framework raises on its own into a domain error, so that the
 * API's error schemas render it as the official `{"error": {"code", "message"}}` body:
 * request decoding (400 naming the field), unreadable or refused bodies (400, 413, 415),
 * unknown routes (404, or 501 for an official operation the API does not serve) and
 * defects (500, logged with their cause).
 * The operations served are read off the API being served (`HttpApi.Api`), so the 501s
 * shrink as areas land. Like the 404, a 501 comes before authentication: no route ran.
 */
export const ErrorMappingLive = HttpApiBuilder.middleware(
  Effect.map(HttpApi.Api, ({ api }): HttpApiBuilder.MiddlewareFn<never> => {
    const unserved = unservedOperations(api)
    // One handler for failures and defects: on the way of every request, each wrapper costs.
    return (app) =>
      Effect.catchAllCause(app, (cause) => {
        const defect = Cause.dieOption(cause)
        if (Option.isNone(defect)) {
          const operation = unservedOperationOf(unserved, Option.getOrUndefined(Cause.failureOption(cause)))
          if (operation !== undefined) return Effect.succeed(notImplementedAnswer(operation))
          return Effect.failCause(Cause.map(cause, toDomainError))
        }
        const mistake = callersMistake(defect.value)
        if (mistake instanceof BodyRefused) return Effect.succeed(refusalResponse(mistake))
        if (mistake !== undefined) return Effect.fail(mistake)
        return Effect.zipRight(
          Effect.logError("Unexpected failure", Cause.die(defect.value)),
          Effect.fail(new InternalError({ message: "An unexpected error occurred; it has been logged" }))
        )
      }) as any
  })
)
