import { Schema } from "effect"
import { MemberRoleOrGuest } from "../shared/role.js"

export class OrganizationUrls extends Schema.Class<OrganizationUrls>("OrganizationUrls")({
  location: Schema.String,
  app: Schema.String,
  logo: Schema.optional(Schema.String)
}) {}

export class OrganizationPermissionsSchema extends Schema.Class<OrganizationPermissionsSchema>(
  "OrganizationPermissions"
)({
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
}) {}

export class Organization extends Schema.Class<Organization>("Organization")({
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
}) {}
