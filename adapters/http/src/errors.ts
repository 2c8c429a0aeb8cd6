import { HttpApiSchema } from "@effect/platform"
import { Conflict, Forbidden, Gone, InvalidInput, NotFound, RateLimited, Unauthorized } from "@quire/core"
import { ParseResult, Schema } from "effect"
import { shortMessage, shortValue } from "./errorMessage.js"

/** A failure that is not the caller's fault; its details go to the log, not the body. */
export class InternalError extends Schema.TaggedError<InternalError>()("InternalError", {
  message: Schema.String
}) {}

/**
 * An operation of the official GitBook API that this server does not implement (501). Only the
 * fallback for requests no route takes answers it (see `notImplementedAnswer`), so no operation
 * of the API lists it among its errors.
 */
export class NotImplemented extends Schema.TaggedError<NotImplemented>()("NotImplemented", {
  message: Schema.String
}) {
  static readonly status = 501 as const
}

/** The official error body: `{"error": {"code": <status>, "message": "..."}}`. */
const ErrorBody = <Code extends number>(code: Code) =>
  Schema.Struct({
    error: Schema.Struct({ code: Schema.Literal(code), message: Schema.String })
  })

/**
 * The wire form of a core error class (its status is the class's own `status`, which
 * `@quire/embed` gives its errors too): the handler fails with the core error itself,
 * and this schema renders it as the official body with its status (the message cut short,
 * see `shortMessage`).
 */
const wire = <E extends { readonly message: string }, Code extends number>(
  name: string,
  is: (u: unknown) => u is E,
  code: Code,
  make: (message: string) => E
) =>
  Schema.transformOrFail(ErrorBody(code), Schema.declare(is, { identifier: name }), {
    strict: true,
    decode: (body) => ParseResult.succeed(make(body.error.message)),
    encode: (error) => ParseResult.succeed({ error: { code, message: shortMessage(error.message) } })
  }).annotations(HttpApiSchema.annotations({ status: code, identifier: `${name}Error` }))

const isInstance =
  <E>(cls: abstract new (...args: any) => E) =>
  (u: unknown): u is E =>
    u instanceof cls

/**
 * 400, the official body plus `field`, the input that breaks a rule as `InvalidInput` names it
 * (`title`, `position.before.space`, `limit`; `body` for the body as a whole). The official
 * schema allows it: its error object does not close its properties. Long fields are cut like
 * the values quoted in messages (see `shortValue`), so `field` is the one the message names.
 * Decoded (by a client), a 400 without `field`, which Quire never sends but a proxy or an
 * older server may, gives `field: ""`: the server named no field.
 */
export const InvalidInputError = Schema.transformOrFail(
  Schema.Struct({
    error: Schema.Struct({ code: Schema.Literal(InvalidInput.status), message: Schema.String, field: Schema.optional(Schema.String) })
  }),
  Schema.declare(isInstance(InvalidInput), { identifier: "BadRequest" }),
  {
    strict: true,
    decode: (body) => ParseResult.succeed(new InvalidInput({ field: body.error.field ?? "", message: body.error.message })),
    encode: (error) =>
      ParseResult.succeed({ error: { code: InvalidInput.status, message: shortMessage(error.message), field: shortValue(error.field) } })
  }
).annotations(HttpApiSchema.annotations({ status: InvalidInput.status, identifier: "BadRequestError" }))
export const UnauthorizedError = wire("Unauthorized", isInstance(Unauthorized), Unauthorized.status, (message) => new Unauthorized({ message }))
export const ForbiddenError = wire("Forbidden", isInstance(Forbidden), Forbidden.status, (message) => new Forbidden({ message }))
export const NotFoundError = wire("NotFound", isInstance(NotFound), NotFound.status, (message) => new NotFound({ message }))
export const ConflictError = wire("Conflict", isInstance(Conflict), Conflict.status, (message) => new Conflict({ message }))
export const GoneError = wire("Gone", isInstance(Gone), Gone.status, (message) => new Gone({ message }))
export const RateLimitedError = wire("TooManyRequests", isInstance(RateLimited), RateLimited.status, (message) => new RateLimited({ message }))
export const InternalServerError = wire("Internal", isInstance(InternalError), 500, (message) => new InternalError({ message }))
export const NotImplementedError = wire("NotImplemented", isInstance(NotImplemented), NotImplemented.status, (message) => new NotImplemented({ message }))
