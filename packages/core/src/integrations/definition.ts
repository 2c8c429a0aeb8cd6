import { Schema } from "effect"
import { lengthBetween, maxLength } from "../shared/validation.js"

/** The official enums an integration's definition uses (`IntegrationVisibility`, `IntegrationTarget`, ...). */
export const IntegrationVisibility = Schema.Literal("public", "private", "unlisted")
export const IntegrationTarget = Schema.Literal("all", "site", "space", "organization")
export const IntegrationCategory = Schema.Literal("analytics", "collaboration", "content", "marketing", "visitor-auth", "other")
export const IntegrationScope = Schema.Literal(
  "space:content:read",
  "space:content:write",
  "space:metadata:read",
  "space:metadata:write",
  "space:git:sync",
  "page:feedback:read",
  "site:metadata:read",
  "site:views:read",
  "site:script:inject",
  "site:script:cookies",
  "site:visitor:auth",
  "site:visitor:claims",
  "site:adaptive:read",
  "site:adaptive:write",
  "conversations:ingest",
  "openapi:read",
  "openapi:write"
)

/** A block's or content source's `title`: 2 to this many characters (official). */
export const MAX_COMPONENT_TITLE_LENGTH = 40
/** A block's or content source's `description`, at most (official). */
export const MAX_COMPONENT_DESCRIPTION_LENGTH = 150
/** A configuration property's `title`: 2 to this many characters (official). */
export const MAX_PROPERTY_TITLE_LENGTH = 50
export const MAX_PROPERTY_DESCRIPTION_LENGTH = 100
/** `externalLinks`, at most (official). */
export const MAX_EXTERNAL_LINKS = 5
/** A URL, at most (official `URL`). */
export const MAX_URL_LENGTH = 2048

export const IntegrationBlock = Schema.Struct({
  id: Schema.String,
  title: lengthBetween(2, MAX_COMPONENT_TITLE_LENGTH),
  description: Schema.optional(maxLength(MAX_COMPONENT_DESCRIPTION_LENGTH)),
  icon: Schema.optional(Schema.String),
  urlUnfurl: Schema.optional(Schema.Array(Schema.String)),
  markdown: Schema.optional(Schema.Struct({ codeblock: Schema.String, body: Schema.String }))
}).annotations({ identifier: "IntegrationBlock" })

export const IntegrationConfigurationComponent = Schema.Struct({ componentId: Schema.String }).annotations({
  identifier: "IntegrationConfigurationComponent"
})

export const IntegrationContentSource = Schema.Struct({
  id: Schema.String,
  title: lengthBetween(2, MAX_COMPONENT_TITLE_LENGTH),
  description: Schema.optional(maxLength(MAX_COMPONENT_DESCRIPTION_LENGTH)),
  icon: Schema.optional(Schema.String),
  configuration: IntegrationConfigurationComponent
}).annotations({ identifier: "IntegrationContentSource" })

const propertyCommon = {
  title: Schema.optional(lengthBetween(2, MAX_PROPERTY_TITLE_LENGTH)),
  description: Schema.optional(maxLength(MAX_PROPERTY_DESCRIPTION_LENGTH))
}

/** One property of a configuration: the official four kinds. */
export const IntegrationProperty = Schema.Union(
  Schema.Struct({
    ...propertyCommon,
    type: Schema.Literal("string"),
    default: Schema.optional(Schema.String),
    completion_url: Schema.optional(Schema.String),
    enum: Schema.optional(Schema.Array(Schema.String))
  }),
  Schema.Struct({ ...propertyCommon, type: Schema.Literal("number"), default: Schema.optional(Schema.Number) }),
  Schema.Struct({ ...propertyCommon, type: Schema.Literal("boolean"), default: Schema.optional(Schema.Boolean) }),
  Schema.Struct({ ...propertyCommon, type: Schema.Literal("button"), callback_url: Schema.String, button_text: Schema.String })
).annotations({ identifier: "IntegrationProperty" })
export type IntegrationProperty = typeof IntegrationProperty.Type

export const IntegrationConfigurationSchema = Schema.Struct({
  properties: Schema.Record({ key: Schema.String, value: IntegrationProperty }),
  required: Schema.optional(
    Schema.Array(Schema.String).pipe(
      Schema.filter((names) => new Set(names).size === names.length, { message: () => "must not name a property twice" })
    )
  )
}).annotations({ identifier: "IntegrationConfigurationSchema" })
export type IntegrationConfigurationSchema = typeof IntegrationConfigurationSchema.Type

export const IntegrationConfiguration = Schema.Union(IntegrationConfigurationSchema, IntegrationConfigurationComponent)
export type IntegrationConfiguration = typeof IntegrationConfiguration.Type

export const IntegrationConfigurations = Schema.Struct({
  account: Schema.optional(IntegrationConfiguration),
  space: Schema.optional(IntegrationConfiguration),
  site: Schema.optional(IntegrationConfiguration)
}).annotations({ identifier: "IntegrationConfigurations" })
export type IntegrationConfigurations = typeof IntegrationConfigurations.Type

/** An absolute http(s) URL of printable ASCII (the official `URL`, `format: uri`). */
export const HttpUrl = maxLength(MAX_URL_LENGTH).pipe(
  Schema.filter((url) => /^https?:\/\/[\x21-\x7e]+$/.test(url) && URL.canParse(url), {
    message: () => "must be an absolute http or https URL"
  })
)

export const IntegrationExternalLink = Schema.Struct({ url: HttpUrl, label: Schema.String })

export const IntegrationContentSecurityPolicy = Schema.Union(
  Schema.String,
  Schema.Record({ key: Schema.String, value: Schema.String })
).annotations({ identifier: "IntegrationContentSecurityPolicy" })
