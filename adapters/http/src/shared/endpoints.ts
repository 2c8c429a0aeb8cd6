import { type HttpApiEndpoint, type HttpApiGroup, HttpApiSchema, type HttpMethod, OpenApi } from "@effect/platform"
import { Option, Schema, SchemaAST } from "effect"
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "../errors.js"
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../input/BodyRefused.js"

/** Adds the errors any operation on a resource may answer: 400, 403, 404 and 409. */
export const withCommonErrors = <
  Id extends string,
  Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any,
  E,
  R,
  TopLevel extends true | false
>(
  group: HttpApiGroup.HttpApiGroup<Id, Endpoints, E, R, TopLevel>
) => group.addError(InvalidInputError).addError(ForbiddenError).addError(NotFoundError).addError(ConflictError)

/**
 * Adds what an operation that takes a JSON body may answer before it runs (see
 * `InputLimitsLive`): 413 for a body over the cap, 415 for one not sent as JSON.
 */
export const takesJsonBody = <
  Name extends string,
  Method extends HttpMethod.HttpMethod,
  Path,
  UrlParams,
  Payload,
  Headers,
  Success,
  Error,
  R,
  RE
>(
  endpoint: HttpApiEndpoint.HttpApiEndpoint<Name, Method, Path, UrlParams, Payload, Headers, Success, Error, R, RE>
) => endpoint.addError(PayloadTooLargeError).addError(UnsupportedMediaTypeError)

/**
 * Marks an operation's request body as optional in the OpenAPI document, as the official spec
 * does for the operations whose payload is an `OptionalBody` (the generator marks every body
 * required).
 */
export const optionalBodyInDocument = OpenApi.annotations({
  transform: (operation) =>
    operation.requestBody === undefined ? operation : { ...operation, requestBody: { ...operation.requestBody, required: false } }
})

/** 205 Reset Content, no body: the seed's answer to a delete. */
export const ResetContent = Schema.Void.annotations(HttpApiSchema.annotations({ status: 205 }))
/** 204 No Content, no body. */
export const NoContent = HttpApiSchema.NoContent

/**
 * `schema` answered with 201 Created. Annotating a schema drops its `identifier` (Effect
 * treats the result as a new schema), which would inline the resource in the OpenAPI
 * document instead of referring to its component (and lose the response's description):
 * this keeps it.
 */
export const created = <A, I, R>(schema: Schema.Schema<A, I, R>): Schema.Schema<A, I, R> =>
  schema.annotations(
    HttpApiSchema.annotations({
      status: 201,
      ...Option.match(SchemaAST.getIdentifierAnnotation(schema.ast), {
        onNone: () => ({}),
        onSome: (identifier) => ({ identifier })
      })
    })
  )
