import { Schema } from "effect"
import { isHttpUrl } from "../shared/httpUrl.js"
import { MemberRoleOrGuest } from "../shared/role.js"
import { lengthBetween } from "../shared/validation.js"

export const SAML_LABEL_MAX = 30
export const SAML_ENTITY_ID_MAX = 1024
export const SAML_CERTIFICATE_MAX = 10_000
export const SAML_SSO_URL_MAX = 2048
/** Providers an organization may have: each is one line of its sign-in page. */
export const SAML_PROVIDERS_MAX = 20

const SsoUrl = lengthBetween(1, SAML_SSO_URL_MAX).pipe(
  Schema.filter(isHttpUrl, { message: () => "must be an absolute http(s) URL" })
)

const fields = {
  label: lengthBetween(1, SAML_LABEL_MAX),
  /** The identity provider's entity ID (the `Issuer` of its responses). */
  entityID: Schema.optional(lengthBetween(1, SAML_ENTITY_ID_MAX)),
  /** The identity provider's signing certificate, PEM. */
  certificate: Schema.optional(lengthBetween(1, SAML_CERTIFICATE_MAX)),
  /** Where the identity provider takes AuthnRequests (HTTP-Redirect binding). */
  ssoURL: Schema.optional(SsoUrl),
  /** A team of the organization that members who come in through the provider join. */
  defaultTeam: Schema.optional(Schema.String),
  defaultRole: Schema.optional(MemberRoleOrGuest)
}

export const CreateSamlProviderInput = Schema.Struct(fields)
export type CreateSamlProviderInput = typeof CreateSamlProviderInput.Encoded

export const UpdateSamlProviderInput = Schema.Struct({ ...fields, label: Schema.optional(fields.label) })
export type UpdateSamlProviderInput = typeof UpdateSamlProviderInput.Encoded
