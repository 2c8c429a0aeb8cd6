import { HttpApi, OpenApi, OpenApiJsonSchema } from "@effect/platform"
import { QuireApi } from "@quire/http"
import { Option, Schema, SchemaAST } from "effect"
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

/** Quire's own OpenAPI document, the same one the server serves at `/v1/openapi.json`. */
export const quireDocument: Json & SchemaDocument = OpenApi.fromApi(QuireApi)

const payloadSchemas = new Map<string, SchemaAST.AST>()
HttpApi.reflect(QuireApi, {
  onGroup: () => {},
  onEndpoint: ({ endpoint, group }) => {
    if (Option.isSome(endpoint.payloadSchema)) payloadSchemas.set(`${group.identifier}.${endpoint.name}`, endpoint.payloadSchema.value.ast)
  }
})

/**
 * The body schema of an operation. A body the document leaves undescribed (an optional body
 * is a transformation from `unknown`, which the generator writes as `unknown`) is described
 * again from the payload schema, past the transformations whose encoded side is `unknown`.
 */
const bodySchemaOf = (documentOperationId: string, described: JsonSchema | undefined): JsonSchema | undefined => {
  if (described === undefined || !isUndescribed(described)) return described
  let ast = payloadSchemas.get(documentOperationId)
  const describe = (node: SchemaAST.AST) =>
    OpenApiJsonSchema.makeWithDefs(Schema.make(node), { defs: quireDocument.components.schemas }) as JsonSchema
  while (ast !== undefined && SchemaAST.isTransformation(ast) && isUndescribed(describe(ast))) ast = ast.to
  return ast === undefined ? described : describe(ast)
}

const operationsOf = (document: Json): ReadonlyArray<Operation> =>
  Object.entries<Json>(document.paths).flatMap(([template, item]) =>
    Object.entries<Json>(item).map(([method, operation]): Operation => {
      const parameters: Array<Json> = operation.parameters ?? []
      return {
        id: String(operation.operationId).split(".").pop()!,
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
