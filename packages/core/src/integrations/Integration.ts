import { Schema } from "effect"
import { AnyValue } from "../shared/AnyValue.js"
import { Organization } from "../organizations/Organization.js"
import { IntegrationInstallationId } from "../shared/ids.js"
import {
  IntegrationBlock,
  IntegrationCategory,
  IntegrationConfigurations,
  IntegrationContentSecurityPolicy,
  IntegrationContentSource,
  IntegrationExternalLink,
  IntegrationScope,
  IntegrationTarget,
  IntegrationVisibility
} from "./definition.js"

/** The official `Integration`. `verified` is always false: no one verifies integrations on a self-hosted server. */
export const Integration = Schema.Struct({
  object: Schema.Literal("integration"),
  name: Schema.String,
  version: Schema.Number,
  title: Schema.String,
  description: Schema.optional(Schema.String),
  summary: Schema.optional(Schema.String),
  previewImages: Schema.Array(Schema.String),
  target: IntegrationTarget,
  verified: Schema.Boolean,
  visibility: IntegrationVisibility,
  scopes: Schema.Array(IntegrationScope),
  categories: Schema.Array(IntegrationCategory),
  blocks: Schema.optional(Schema.Array(IntegrationBlock)),
  contentSources: Schema.optional(Schema.Array(IntegrationContentSource)),
  configurations: Schema.optional(IntegrationConfigurations),
  externalLinks: Schema.Array(IntegrationExternalLink),
  owner: Organization,
  urls: Schema.Struct({
    location: Schema.String,
    icon: Schema.optional(Schema.String),
    app: Schema.String,
    assets: Schema.String,
    publicEndpoint: Schema.String,
    publicContentEndpoint: Schema.String
  }),
  permissions: Schema.Struct({ admin: Schema.Boolean }),
  contentSecurityPolicy: Schema.optional(IntegrationContentSecurityPolicy)
}).annotations({ identifier: "Integration" })
export interface Integration extends Schema.Schema.Type<typeof Integration> {}

const InstallationStatus = Schema.Literal("active", "pending", "paused")
const Selection = Schema.Literal("all", "selected")
const JsonObject = Schema.Record({ key: Schema.String, value: AnyValue })

/** The official `IntegrationInstallation`: an integration installed on an organization. */
export const IntegrationInstallation = Schema.Struct({
  id: IntegrationInstallationId,
  status: InstallationStatus,
  space_selection: Selection,
  site_selection: Selection,
  spaces: Schema.Number,
  configuration: JsonObject,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  urls: Schema.Struct({
    location: Schema.String,
    app: Schema.String,
    publicEndpoint: Schema.String,
    publicContentEndpoint: Schema.String
  }),
  externalIds: Schema.Array(Schema.String),
  target: Schema.Struct({ organization: Schema.String })
}).annotations({ identifier: "IntegrationInstallation" })
export interface IntegrationInstallation extends Schema.Schema.Type<typeof IntegrationInstallation> {}

/** The official `IntegrationSpaceInstallation`; `space` is the space's ID (docs/api-notes/integrations.md). */
export const IntegrationSpaceInstallation = Schema.Struct({
  integration: Schema.String,
  installation: Schema.String,
  status: InstallationStatus,
  configuration: JsonObject,
  externalIds: Schema.Array(Schema.String),
  urls: Schema.Struct({
    location: Schema.String,
    publicEndpoint: Schema.String,
    publicContentEndpoint: Schema.String
  }),
  space: Schema.String
}).annotations({ identifier: "IntegrationSpaceInstallation" })
export interface IntegrationSpaceInstallation extends Schema.Schema.Type<typeof IntegrationSpaceInstallation> {}

/** An item of `listOrganizationInstallations`. */
export const OrganizationInstallation = Schema.Struct({
  integration: Integration,
  installation: IntegrationInstallation
}).annotations({ identifier: "OrganizationInstallation" })
export interface OrganizationInstallation extends Schema.Schema.Type<typeof OrganizationInstallation> {}
