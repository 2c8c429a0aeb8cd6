import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  CreateSamlProviderInput,
  ListOf,
  SamlProvider,
  SsoProviderLogins,
  UpdateSamlProviderInput,
  User
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { RateLimitedError, UnauthorizedError } from "../errors.js"
import { organizationId, PageParams, samlProviderId, UrlText } from "../params.js"
import { created, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../input/BodyRefused.js"

/** The official SSO operations: an organization's SAML providers (its admins'), and its ways in. */
export class SsoGroup extends withCommonErrors(
  HttpApiGroup.make("sso", { topLevel: true })
    .add(
      HttpApiEndpoint.get("listSAMLProvidersInOrganizationById")`/orgs/${organizationId}/saml`
        .setUrlParams(Schema.Struct(PageParams))
        .addSuccess(ListOf(SamlProvider))
        .annotate(OpenApi.Summary, "List all SAML providers")
    )
    .add(
      HttpApiEndpoint.post("createOrganizationSAMLProvider")`/orgs/${organizationId}/saml`
        .setPayload(CreateSamlProviderInput)
        .addSuccess(created(SamlProvider))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Create a new SAML provider")
    )
    .add(
      HttpApiEndpoint.get("getOrganizationSAMLProviderById")`/orgs/${organizationId}/saml/${samlProviderId}`
        .addSuccess(SamlProvider)
        .annotate(OpenApi.Summary, "Get a SAML provider by its ID")
    )
    .add(
      HttpApiEndpoint.patch("updateOrganizationSAMLProvider")`/orgs/${organizationId}/saml/${samlProviderId}`
        .setPayload(UpdateSamlProviderInput)
        .addSuccess(SamlProvider)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update a SAML provider")
    )
    .add(
      HttpApiEndpoint.del("deleteOrganizationSAMLProvider")`/orgs/${organizationId}/saml/${samlProviderId}`
        .addSuccess(ResetContent)
        .annotate(OpenApi.Summary, "Delete a SAML provider")
    )
    .add(
      HttpApiEndpoint.get("listSSOProviderLoginsInOrganization")`/orgs/${organizationId}/sso`
        .addSuccess(SsoProviderLogins)
        .annotate(OpenApi.Summary, "List all SSO provider login infos")
    )
).middleware(Authentication) {}

/** What a sign-in answers when it was started without `returnTo`: the code to exchange. */
export const SsoHandoff = Schema.Struct({
  object: Schema.Literal("sso-handoff"),
  code: Schema.String,
  expiresAt: Schema.String,
  organization: Schema.String,
  user: Schema.String
}).annotations({ identifier: "SSOHandoff" })

export const SsoToken = Schema.Struct({
  object: Schema.Literal("sso-token"),
  token: Schema.String,
  organization: Schema.String,
  user: User
}).annotations({ identifier: "SSOToken" })

const SamlPost = Schema.Struct({
  SAMLResponse: Schema.String,
  RelayState: Schema.optional(Schema.String)
}).pipe(HttpApiSchema.withEncoding({ kind: "UrlParams" }))

/**
 * Quire as a SAML service provider (not in the official spec): no bearer token. The identity
 * provider's signed assertion, then the one-time code, is the permission.
 */
export class SamlServiceProviderGroup extends withCommonErrors(
  HttpApiGroup.make("samlServiceProvider", { topLevel: true })
    .add(
      HttpApiEndpoint.get("startSAMLSignIn")`/saml/${samlProviderId}/start`
        .setUrlParams(Schema.Struct({ returnTo: Schema.optional(UrlText) }))
        .addSuccess(HttpApiSchema.Empty(302))
        .annotate(OpenApi.Summary, "Start signing in through a SAML provider")
        .annotate(
          OpenApi.Description,
          "Redirects to the identity provider with an AuthnRequest. After sign-in the browser comes back to `returnTo` (under PUBLIC_URL or SSO_RETURN_ORIGINS) with `?code=`, or the ACS answers the code."
        )
    )
    .add(
      HttpApiEndpoint.post("consumeSAMLResponse")`/saml/${samlProviderId}/acs`
        .setPayload(SamlPost)
        .addSuccess(SsoHandoff)
        .addSuccess(HttpApiSchema.Empty(303))
        .addError(UnauthorizedError)
        .addError(RateLimitedError)
        .addError(PayloadTooLargeError)
        .addError(UnsupportedMediaTypeError)
        .annotate(OpenApi.Summary, "Assertion Consumer Service: the identity provider's SAMLResponse (HTTP-POST)")
    )
    .add(
      HttpApiEndpoint.get("getSAMLServiceProviderMetadata")`/saml/${samlProviderId}/metadata`
        .addSuccess(HttpApiSchema.Text({ contentType: "application/samlmetadata+xml" }))
        .annotate(OpenApi.Summary, "Quire's SAML service provider metadata for this provider")
    )
    .add(
      HttpApiEndpoint.post("exchangeSSOHandoff", "/sso/token")
        .setPayload(Schema.Struct({ code: Schema.String }))
        .addSuccess(created(SsoToken))
        .addError(UnauthorizedError)
        .addError(RateLimitedError)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Exchange a sign-in's one-time code for an API token")
    )
) {}
