import { Schema } from "effect"
import { MemberRoleOrGuest } from "../shared/role.js"

export const OrganizationUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String,
  logo: Schema.optional(Schema.String)
}).annotations({ identifier: "OrganizationUrls" })
export interface OrganizationUrls extends Schema.Schema.Type<typeof OrganizationUrls> {}

export const OrganizationPermissionsSchema = Schema.Struct({
  view: Schema.Boolean,
  access: Schema.Boolean,
  admin: Schema.Boolean,
  ownTeam: Schema.Boolean,
  createContent: Schema.Boolean,
  createOpenAPISpec: Schema.Boolean,
  viewBilling: Schema.Boolean,
  listMembers: Schema.Boolean,
  listTeams: Schema.Boolean,
  listIntegrations: Schema.Boolean,
  listInstallations: Schema.Boolean,
  installIntegration: Schema.Boolean
}).annotations({ identifier: "OrganizationPermissions" })
export interface OrganizationPermissionsSchema extends Schema.Schema.Type<typeof OrganizationPermissionsSchema> {}

export const Organization = Schema.Struct({
  object: Schema.Literal("organization"),
  id: Schema.String,
  title: Schema.String,
  createdAt: Schema.String,
  emailDomains: Schema.Array(Schema.String),
  hostname: Schema.optional(Schema.String),
  type: Schema.Literal("business", "community"),
  defaultRole: MemberRoleOrGuest,
  defaultContent: Schema.optional(Schema.Struct({ type: Schema.Literal("site"), site: Schema.String })),
  sso: Schema.Boolean,
  ai: Schema.Boolean,
  inviteLinks: Schema.Boolean,
  plan: Schema.Literal("free"),
  mergeRules: Schema.Struct({ type: Schema.Literal("none") }),
  trial: Schema.Struct({ status: Schema.Literal("notapplicable"), count: Schema.Number }),
  urls: OrganizationUrls,
  permissions: OrganizationPermissionsSchema
}).annotations({ identifier: "Organization" })
export interface Organization extends Schema.Schema.Type<typeof Organization> {}
