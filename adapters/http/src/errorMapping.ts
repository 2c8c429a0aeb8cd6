import { HttpApiBuilder, type HttpApiError, HttpServerRequest } from "@effect/platform"
import { formatPath, InvalidInput, NotFound } from "@quire/core"
import { Cause, Effect } from "effect"
import { InternalError } from "./errors.js"

const fromDecodeError = (error: HttpApiError.HttpApiDecodeError): InvalidInput => {
  const issue = error.issues[0]
  const field = issue ? formatPath(issue.path) : ""
  return field === ""
    ? InvalidInput.of("body", issue?.message ?? error.message)
    : InvalidInput.of(field, issue!.message)
}

/**
 * Turns every failure the framework raises on its own into a domain error, so that the
 * API's error schemas render it as the official `{"error": {"code", "message"}}` body:
 * request decoding (400 naming the field), unreadable bodies (400), unknown routes (404)
 * and defects (500, logged with their cause).
 */
export const ErrorMappingLive = HttpApiBuilder.middleware(
  (app) =>
    app.pipe(
      Effect.catchIf(
        (e: unknown): e is HttpApiError.HttpApiDecodeError =>
          typeof e === "object" && e !== null && (e as { _tag?: string })._tag === "HttpApiDecodeError",
        (e: HttpApiError.HttpApiDecodeError) => Effect.fail(fromDecodeError(e))
      ),
      Effect.catchTags({
        RequestError: (e) => Effect.fail(InvalidInput.of("body", `could not be read as JSON (${e.description ?? e.reason})`)),
        RouteNotFound: () =>
          Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
            Effect.fail(new NotFound({ message: `No operation at ${request.method} ${request.url}` }))
          )
      } as any),
      Effect.catchAllDefect((defect) =>
        Effect.zipRight(
          Effect.logError("Unexpected failure", Cause.die(defect)),
          Effect.fail(new InternalError({ message: "An unexpected error occurred; it has been logged" }))
        )
      )
    ) as any
)
