import { Schema } from "effect"

/**
 * Any JSON value, as one named component: every open field of the wire shapes uses this one
 * schema, so the OpenAPI document defines `AnyValue` once (a plain `Schema.Unknown` would repeat
 * itself all over the document).
 */
export const AnyValue = Schema.Unknown.annotations({ identifier: "AnyValue", description: "Any JSON value" })
