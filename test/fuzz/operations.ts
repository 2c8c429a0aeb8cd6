import { OpenApi } from "@effect/platform"
import { QuireApi } from "@quire/http"
import { isUndescribed, type JsonSchema, type SchemaDocument } from "./jsonSchema.js"

/** A query parameter as the document describes it. */
export interface QueryParameter {
  readonly name: string
  readonly schema: JsonSchema
  readonly required: boolean
}

/** One operation of the API, as its generated OpenAPI document describes it. */
export interface Operation {
  /** The endpoint's name: the official operationId. */
  readonly id: string
  readonly method: string
  /** With the `/v1` prefix and `{param}` placeholders. */
  readonly template: string
  /** Path parameter names, in the order they appear. */
  readonly pathParameters: ReadonlyArray<string>
  readonly query: ReadonlyArray<QueryParameter>
  /** The JSON body's schema, or undefined when the operation takes no body. */
  readonly body: JsonSchema | undefined
  /** Whether the document asks for a bearer token. */
  readonly secured: boolean
  /** The document's responses, by status. */
  readonly responses: Readonly<Record<string, unknown>>
}

type Json = any

/** Quire's own OpenAPI document: the one the server serves at `/v1/openapi.json`, with `servers` relative (`/v1`). */
export const quireDocument: Json & SchemaDocument = OpenApi.fromApi(QuireApi)

/**
 * The body schema of an operation. Every body is described (an optional body as its schema,
 * see `OptionalBody`): one written as `unknown` would leave nothing to generate values from.
 */
const bodySchemaOf = (operationId: string, described: JsonSchema | undefined): JsonSchema | undefined => {
  if (described !== undefined && isUndescribed(described)) throw new Error(`Quire's document leaves the body of ${operationId} undescribed`)
  return described
}

/** The document's paths are relative to its one server, `/v1`; operations keep the prefix. */
const operationsOf = (document: Json): ReadonlyArray<Operation> =>
  Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).map(([method, operation]): Operation => {
      const parameters: Array<Json> = operation.parameters ?? []
      const server: string = document.servers[0].url
      const template = path === "/" ? server : `${server}${path}`
      return {
        id: operation.operationId,
        method: method.toUpperCase(),
        template,
        pathParameters: [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        query: parameters
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema, required: parameter.required === true })),
        body: bodySchemaOf(operation.operationId, operation.requestBody?.content?.["application/json"]?.schema),
        secured: (operation.security ?? document.security ?? []).length > 0,
        responses: operation.responses
      }
    })
  )

/** Every operation of the API, in the document's order. A new endpoint appears here by itself. */
export const operations: ReadonlyArray<Operation> = operationsOf(quireDocument)
