import { Schema } from "effect"
import { isHttpUrl } from "../shared/httpUrl.js"
import { storableTextRule } from "../shared/storableText.js"
import { lengthBetween } from "../shared/validation.js"
import { OpenApiVisibility } from "./OpenApiSpec.js"

export const OPENAPI_SLUG_MAX = 100
export const OPENAPI_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const OPENAPI_URL_MAX = 2048
/** A document's cap, given as text or fetched (each document a `$ref` brings counts too). */
export const OPENAPI_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
/** Documents fetched for one processing, the entry's `$ref`s included. */
export const OPENAPI_FETCHES_MAX = 20
/** The whole processing's fetches, in milliseconds each. */
export const OPENAPI_FETCH_TIMEOUT_MS = 20_000
/** Errors a spec keeps from its last processing (`lastProcessedErrorCount` counts them all). */
export const OPENAPI_ERRORS_KEPT = 20
/** Characters kept of each error's message. */
export const OPENAPI_ERROR_MESSAGE_MAX = 1000

export const OpenApiSlug = lengthBetween(1, OPENAPI_SLUG_MAX).pipe(
  Schema.filter((slug) => OPENAPI_SLUG_PATTERN.test(slug), {
    message: () => "must be lowercase letters and digits in words joined by single hyphens"
  })
)

/** Credentials in a source URL would be shown to every member (`sourceURL`): refused. */
const withoutCredentials = (text: string) => {
  const url = new URL(text)
  return url.username === "" && url.password === ""
}

const SourceUrl = lengthBetween(1, OPENAPI_URL_MAX).pipe(
  Schema.filter(isHttpUrl, { message: () => "must be an absolute http(s) URL" }),
  Schema.filter(withoutCredentials, { message: () => "must not contain credentials" })
)

const SourceText = Schema.String.pipe(
  Schema.filter((text) => text.length > 0 || "must not be empty"),
  Schema.filter((text) => storableTextRule(text) ?? true),
  Schema.filter((text) => Buffer.byteLength(text, "utf8") <= OPENAPI_DOCUMENT_MAX_BYTES || `must be at most ${OPENAPI_DOCUMENT_MAX_BYTES} bytes`)
)

/** The official `OpenAPISpecSource`: a URL to fetch, or the document as text. */
export const OpenApiSourceInput = Schema.Union(
  Schema.Struct({ url: SourceUrl }),
  Schema.Struct({ text: SourceText })
)
export type OpenApiSourceInput = typeof OpenApiSourceInput.Encoded

export const CreateOpenApiSpecInput = Schema.Struct({ slug: OpenApiSlug, source: OpenApiSourceInput })
export type CreateOpenApiSpecInput = typeof CreateOpenApiSpecInput.Encoded

export const PutOpenApiSpecInput = Schema.Struct({ source: OpenApiSourceInput })
export type PutOpenApiSpecInput = typeof PutOpenApiSpecInput.Encoded

export const UpdateOpenApiSpecInput = Schema.Struct({ visibility: OpenApiVisibility })
export type UpdateOpenApiSpecInput = typeof UpdateOpenApiSpecInput.Encoded
