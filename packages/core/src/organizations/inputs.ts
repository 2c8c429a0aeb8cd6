import { Schema } from "effect"
import { lengthBetween } from "../shared/validation.js"
import { MemberRoleOrGuest } from "../shared/role.js"

export const OrganizationTitle = lengthBetween(2, 255).pipe(
  Schema.pattern(/^\S(.*\S)?$/, { message: () => "must be one line, not starting or ending with white space" })
)

/** A lower-case DNS name such as `example.com`. */
export const EmailDomain = Schema.String.pipe(
  Schema.pattern(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, {
    message: () => "must be a domain name such as example.com",
    // fast-check cannot generate from a lookahead: the same names, short enough to fit 253.
    arbitrary: () => (fc) => fc.stringMatching(/^([a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?\.){1,4}[a-z]{2,10}$/)
  })
)

export const OrganizationHostname = lengthBetween(3, 32).pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, {
    message: () => "must be lower-case letters, digits and dashes, not starting or ending with a dash"
  })
)

export const LogoUrl = Schema.String.pipe(
  Schema.maxLength(2048, { message: () => "must be at most 2048 characters" }),
  Schema.filter((s) => URL.canParse(s), { message: () => "must be an absolute URL" })
)

export const CreateOrganizationInput = Schema.Struct({
  title: OrganizationTitle,
  emailDomains: Schema.optional(Schema.Array(EmailDomain))
})
export type CreateOrganizationInput = typeof CreateOrganizationInput.Encoded

export const UpdateOrganizationInput = Schema.Struct({
  title: Schema.optional(OrganizationTitle),
  emailDomains: Schema.optional(Schema.Array(EmailDomain)),
  hostname: Schema.optional(OrganizationHostname),
  defaultRole: Schema.optional(MemberRoleOrGuest),
  defaultContent: Schema.optional(Schema.NullOr(Schema.Struct({ type: Schema.Literal("site"), site: Schema.String }))),
  logo: Schema.optional(Schema.NullOr(LogoUrl)),
  sso: Schema.optional(Schema.Boolean),
  ai: Schema.optional(Schema.Boolean),
  inviteLinks: Schema.optional(Schema.Boolean)
})
export type UpdateOrganizationInput = typeof UpdateOrganizationInput.Encoded
