import { HttpApiBuilder, HttpApiError, HttpServerError } from "@effect/platform"
import { formatPath, InvalidInput, NotFound } from "@quire/core"
import { Cause, Effect, Option } from "effect"
import { InternalError } from "./errors.js"

const fromDecodeError = (error: HttpApiError.HttpApiDecodeError): InvalidInput => {
  const issue = error.issues[0]
  const field = issue ? formatPath(issue.path) : ""
  if (field !== "") return InvalidInput.of(field, issue!.message)
  // A whole-body issue: keep our own rule's words, replace the schema dump Effect would print.
  const message = issue?.message ?? ""
  return InvalidInput.of("body", message === "" || message.startsWith("Expected") ? "must be a JSON object" : message)
}

/** A framework failure as the domain error that says the same thing; anything else unchanged. */
const toDomainError = (error: unknown): unknown => {
  if (error instanceof HttpApiError.HttpApiDecodeError) return fromDecodeError(error)
  if (HttpServerError.isServerError(error)) {
    if (error._tag === "RequestError") {
      return InvalidInput.of("body", "is not valid JSON")
    }
    if (error._tag === "RouteNotFound") {
      return new NotFound({ message: `No operation at ${error.request.method} ${error.request.url}` })
    }
  }
  return error
}

/**
 * Turns every failure the framework raises on its own into a domain error, so that the
 * API's error schemas render it as the official `{"error": {"code", "message"}}` body:
 * request decoding (400 naming the field), unreadable bodies (400), unknown routes (404)
 * and defects (500, logged with their cause).
 */
export const ErrorMappingLive = HttpApiBuilder.middleware(
  // One handler for failures and defects: on the way of every request, each wrapper costs.
  (app) =>
    Effect.catchAllCause(app, (cause) => {
      const defect = Cause.dieOption(cause)
      if (Option.isNone(defect)) return Effect.failCause(Cause.map(cause, toDomainError))
      // The platform reports an unreadable body as a defect; it is the caller's mistake.
      const mapped = toDomainError(defect.value)
      return mapped !== defect.value
        ? Effect.fail(mapped)
        : Effect.zipRight(
            Effect.logError("Unexpected failure", Cause.die(defect.value)),
            Effect.fail(new InternalError({ message: "An unexpected error occurred; it has been logged" }))
          )
    }) as any
)
