import { Schema } from "effect"
import { OrganizationId } from "../shared/ids.js"
import { OrganizationPermissions } from "../policy/permissions.js"
import { MemberRoleOrGuest } from "../shared/role.js"

export const OrganizationUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String,
  logo: Schema.optional(Schema.String)
}).annotations({ identifier: "OrganizationUrls" })
export interface OrganizationUrls extends Schema.Schema.Type<typeof OrganizationUrls> {}

export const Organization = Schema.Struct({
  object: Schema.Literal("organization"),
  id: OrganizationId,
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
  permissions: OrganizationPermissions
}).annotations({ identifier: "Organization" })
export interface Organization extends Schema.Schema.Type<typeof Organization> {}
