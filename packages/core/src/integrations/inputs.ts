import { Effect, Schema } from "effect"
import { AnyValue } from "../shared/AnyValue.js"
import { InvalidInput } from "../shared/errors.js"
import { lengthBetween, maxLength } from "../shared/validation.js"
import {
  IntegrationBlock,
  IntegrationCategory,
  IntegrationConfigurations,
  IntegrationContentSecurityPolicy,
  IntegrationContentSource,
  IntegrationExternalLink,
  IntegrationScope,
  IntegrationTarget,
  IntegrationVisibility,
  MAX_EXTERNAL_LINKS
} from "./definition.js"

/** An integration's `name`, at most (seed and official). */
export const MAX_INTEGRATION_NAME_LENGTH = 100
export const INTEGRATION_NAME_PATTERN = /^[a-zA-Z0-9-_.]+$/
/** `title`: from 2 to this many characters (seed). */
export const MIN_INTEGRATION_TITLE_LENGTH = 2
export const MAX_INTEGRATION_TITLE_LENGTH = 30
/** `description`, at most (seed). */
export const MAX_INTEGRATION_DESCRIPTION_LENGTH = 100
/** `summary`, at most (seed). */
export const MAX_INTEGRATION_SUMMARY_LENGTH = 2048
/** `previewImages`, at most (seed). */
export const MAX_PREVIEW_IMAGES = 3
/** An icon's or preview image's bytes, at most, once decoded from base64. */
export const MAX_IMAGE_BYTES = 1024 * 1024
/** The `script`'s characters, at most. */
export const MAX_SCRIPT_LENGTH = 5 * 1024 * 1024
/** `secrets`: at most this many (official `maxProperties`), each value at most `MAX_SECRET_LENGTH`. */
export const MAX_SECRETS = 20
export const MAX_SECRET_LENGTH = 4096
/** `externalIds` of an installation, at most (official). */
export const MAX_EXTERNAL_IDS = 5
export const MAX_EXTERNAL_ID_LENGTH = 200

export const IntegrationName = Schema.String.pipe(
  Schema.maxLength(MAX_INTEGRATION_NAME_LENGTH, { message: () => `must be at most ${MAX_INTEGRATION_NAME_LENGTH} characters` }),
  Schema.pattern(INTEGRATION_NAME_PATTERN, { message: () => "must be letters, digits, '-', '_' or '.' (^[a-zA-Z0-9-_.]+$)" })
)

/** The `integrationName` of a path, checked in the core too (an embedder has no router). */
export const checkIntegrationName = (name: string): Effect.Effect<void, InvalidInput> =>
  name.length > MAX_INTEGRATION_NAME_LENGTH
    ? Effect.fail(InvalidInput.of("integrationName", `must be at most ${MAX_INTEGRATION_NAME_LENGTH} characters`))
    : INTEGRATION_NAME_PATTERN.test(name)
      ? Effect.void
      : Effect.fail(InvalidInput.of("integrationName", "must be letters, digits, '-', '_' or '.' (^[a-zA-Z0-9-_.]+$)"))

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Base64 bytes (`format: byte`) of at most `MAX_IMAGE_BYTES` once decoded. */
export const Base64Image = Schema.String.pipe(
  Schema.filter((text) => BASE64.test(text), { message: () => "must be base64" }),
  Schema.filter((text) => Math.floor((text.length * 3) / 4) <= MAX_IMAGE_BYTES + 2, {
    message: () => `must be at most ${MAX_IMAGE_BYTES} bytes`
  })
)

/** The body of `publishIntegration` (official `PublishIntegration`, the seed's limits). */
export const PublishIntegrationInput = Schema.Struct({
  runtime: Schema.optional(Schema.Literal("v1", "v2")),
  icon: Schema.optional(Base64Image),
  title: lengthBetween(MIN_INTEGRATION_TITLE_LENGTH, MAX_INTEGRATION_TITLE_LENGTH),
  description: maxLength(MAX_INTEGRATION_DESCRIPTION_LENGTH),
  summary: Schema.optional(maxLength(MAX_INTEGRATION_SUMMARY_LENGTH)),
  previewImages: Schema.optional(
    Schema.Array(Base64Image).pipe(Schema.maxItems(MAX_PREVIEW_IMAGES, { message: () => `must hold at most ${MAX_PREVIEW_IMAGES} images` }))
  ),
  visibility: Schema.optional(IntegrationVisibility),
  target: Schema.optional(IntegrationTarget),
  scopes: Schema.Array(IntegrationScope),
  categories: Schema.optional(Schema.Array(IntegrationCategory)),
  blocks: Schema.optional(Schema.Array(IntegrationBlock)),
  contentSources: Schema.optional(Schema.Array(IntegrationContentSource)),
  externalLinks: Schema.optional(
    Schema.Array(IntegrationExternalLink).pipe(Schema.maxItems(MAX_EXTERNAL_LINKS, { message: () => `must hold at most ${MAX_EXTERNAL_LINKS} links` }))
  ),
  configurations: Schema.optional(IntegrationConfigurations),
  script: maxLength(MAX_SCRIPT_LENGTH),
  organization: Schema.String.pipe(Schema.minLength(1, { message: () => "must name an organization (its ID or subdomain)" })),
  secrets: Schema.optional(
    Schema.Record({ key: Schema.String, value: maxLength(MAX_SECRET_LENGTH) }).pipe(
      Schema.filter((secrets) => Object.keys(secrets).length <= MAX_SECRETS, { message: () => `must hold at most ${MAX_SECRETS} secrets` })
    )
  ),
  contentSecurityPolicy: Schema.optional(IntegrationContentSecurityPolicy)
})
export type PublishIntegrationInput = typeof PublishIntegrationInput.Encoded

/** `listIntegrations`' filters (besides `page` and `limit`). */
export const IntegrationListFilters = Schema.Struct({
  search: Schema.optional(Schema.String),
  category: Schema.optional(IntegrationCategory),
  blockDomain: Schema.optional(IntegrationName),
  blocks: Schema.optional(Schema.Boolean),
  contentSources: Schema.optional(Schema.Boolean),
  owner: Schema.optional(Schema.String),
  scope: Schema.optional(IntegrationScope),
  target: Schema.optional(IntegrationTarget)
})
export type IntegrationListFilters = typeof IntegrationListFilters.Type

/** The body of `installIntegration` (official `OrganizationTarget`). */
export const InstallIntegrationInput = Schema.Struct({ organization: Schema.String })
export type InstallIntegrationInput = typeof InstallIntegrationInput.Encoded

export const ExternalIds = Schema.Array(maxLength(MAX_EXTERNAL_ID_LENGTH)).pipe(
  Schema.maxItems(MAX_EXTERNAL_IDS, { message: () => `must hold at most ${MAX_EXTERNAL_IDS} IDs` })
)

/** The body of `updateIntegrationInstallation` (official `UpdateIntegrationInstallation`): what is absent is kept. */
export const UpdateInstallationInput = Schema.Struct({
  externalIds: Schema.optional(ExternalIds),
  configuration: Schema.optional(Schema.Record({ key: Schema.String, value: AnyValue })),
  space_selection: Schema.optional(Schema.Literal("all", "selected")),
  site_selection: Schema.optional(Schema.Literal("all", "selected"))
})
export type UpdateInstallationInput = typeof UpdateInstallationInput.Encoded

/** The body of `installIntegrationOnSpace`. */
export const InstallOnSpaceInput = Schema.Struct({ space: Schema.String })
export type InstallOnSpaceInput = typeof InstallOnSpaceInput.Encoded
