import { Schema } from "effect"
import { AnyValue } from "../shared/AnyValue.js"

export const OpenApiVisibility = Schema.Literal("private", "public")
export const OpenApiProcessingState = Schema.Literal("pending", "progress", "complete")
export const OpenApiProcessErrorCode = Schema.Literal("FETCH_TIMEOUT", "FETCH_ERROR", "PARSE_ERROR")

/** The official `OpenAPISpec`. */
export const OpenApiSpec = Schema.Struct({
  object: Schema.Literal("openapi-spec"),
  id: Schema.String,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  slug: Schema.String,
  sourceURL: Schema.optional(Schema.String),
  processingState: OpenApiProcessingState,
  visibility: OpenApiVisibility,
  lastVersion: Schema.optional(Schema.String),
  lastProcessedAt: Schema.optional(Schema.String),
  lastProcessErrorCode: Schema.optional(OpenApiProcessErrorCode),
  lastProcessedErrors: Schema.optional(
    Schema.Array(Schema.Struct({ message: Schema.String, code: Schema.optional(Schema.String) }))
  ),
  lastProcessedErrorCount: Schema.Number,
  permissions: Schema.Struct({ view: Schema.Boolean, edit: Schema.Boolean }),
  urls: Schema.Struct({ location: Schema.String, app: Schema.String })
}).annotations({ identifier: "OpenAPISpec" })
export interface OpenApiSpec extends Schema.Schema.Type<typeof OpenApiSpec> {}

/** The official `OpenAPISpecVersion`. */
export const OpenApiSpecVersion = Schema.Struct({
  object: Schema.Literal("openapi-spec-version"),
  id: Schema.String,
  createdAt: Schema.String,
  url: Schema.String,
  urls: Schema.Struct({ location: Schema.String })
}).annotations({ identifier: "OpenAPISpecVersion" })
export interface OpenApiSpecVersion extends Schema.Schema.Type<typeof OpenApiSpecVersion> {}

/** The official `OpenAPISpecContent`: the resolved documents by file name, and where they come from. */
export const OpenApiSpecContent = Schema.Struct({
  filesystem: Schema.Record({ key: Schema.String, value: AnyValue }),
  urls: Schema.Struct({ source: Schema.String, public: Schema.NullOr(Schema.String) })
}).annotations({ identifier: "OpenAPISpecContent" })
export interface OpenApiSpecContent extends Schema.Schema.Type<typeof OpenApiSpecContent> {}

/** The official `OpenAPISpecRawContent`: the entry document exactly as fetched or given. */
export const OpenApiSpecRawContent = Schema.Struct({
  text: Schema.String,
  format: Schema.Literal("json", "yaml")
}).annotations({ identifier: "OpenAPISpecRawContent" })
export interface OpenApiSpecRawContent extends Schema.Schema.Type<typeof OpenApiSpecRawContent> {}
