import { Schema } from "effect"
import { SamlProviderId } from "../shared/ids.js"
import { MemberRoleOrGuest } from "../shared/role.js"
import { Team } from "../teams/Team.js"

/** What the identity provider is given to send people back to Quire. */
export const SamlServiceProvider = Schema.Struct({
  /** Assertion Consumer Service: where the identity provider posts its `SAMLResponse`. */
  acsURL: Schema.String,
  /** Where a person starts signing in through this provider. */
  startURL: Schema.String,
  /** Quire's entity ID for this provider (the audience of its assertions), serving its metadata. */
  entityID: Schema.String
})

/** The official `OrganizationSAMLProvider`. */
export const SamlProvider = Schema.Struct({
  object: Schema.Literal("saml-provider"),
  id: SamlProviderId,
  label: Schema.String,
  ssoURL: Schema.String,
  entityID: Schema.String,
  certificate: Schema.String,
  defaultTeam: Schema.optional(Team),
  defaultRole: MemberRoleOrGuest,
  createdAt: Schema.String,
  /** `pending` until its entity ID, SSO URL and certificate are all set. */
  status: Schema.Literal("active", "pending"),
  service: SamlServiceProvider,
  urls: Schema.Struct({ location: Schema.String })
}).annotations({ identifier: "OrganizationSAMLProvider" })
export interface SamlProvider extends Schema.Schema.Type<typeof SamlProvider> {}

/** The official `OrganizationSSOProviderLogin`: one way in on an organization's sign-in page. */
export const SsoProviderLogin = Schema.Struct({
  id: SamlProviderId,
  label: Schema.String,
  startURL: Schema.String
}).annotations({ identifier: "OrganizationSSOProviderLogin" })
export interface SsoProviderLogin extends Schema.Schema.Type<typeof SsoProviderLogin> {}

export const SsoProviderLogins = Schema.Struct({ items: Schema.Array(SsoProviderLogin) })
