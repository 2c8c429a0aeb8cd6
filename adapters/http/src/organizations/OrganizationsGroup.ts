import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CreateOrganizationInput, ListOf, Organization, UpdateOrganizationInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { BooleanParam, emailDomain, organizationId, PageParams, UrlText } from "../params.js"
import { withCommonErrors, created, takesJsonBody } from "../shared/endpoints.js"

export class OrganizationsGroup extends withCommonErrors(HttpApiGroup.make("organizations", { topLevel: true })
  .add(
    HttpApiEndpoint.get("listOrganizationsForAuthenticatedUser", "/orgs")
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Organization))
      .annotate(OpenApi.Summary, "Get the list of organizations for the currently authenticated user")
  )
  .add(
    HttpApiEndpoint.post("createOrganization", "/orgs")
      .setUrlParams(Schema.Struct({ withDefaultSite: Schema.optional(BooleanParam("withDefaultSite")), openapiUrl: Schema.optional(UrlText) }))
      .setPayload(CreateOrganizationInput)
      .addSuccess(created(Organization))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create an organization")
  )
  .add(
    HttpApiEndpoint.get("getOrganizationById")`/orgs/${organizationId}`
      .addSuccess(Organization)
      .annotate(OpenApi.Summary, "Get an organization by its ID")
  )
  .add(
    HttpApiEndpoint.patch("updateOrganizationById")`/orgs/${organizationId}`
      .setPayload(UpdateOrganizationInput)
      .addSuccess(Organization)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update an organization")
  )
  .add(
    HttpApiEndpoint.get("getOrganizationsForEmailDomain")`/email-domains/${emailDomain}/orgs`
      .addSuccess(Schema.Struct({ organizations: Schema.Array(Organization) }))
      .annotate(OpenApi.Summary, "Get all organizations by email domain")
  )
  .add(
    HttpApiEndpoint.post("updateOrganizationMemberLastSeenAt")`/orgs/${organizationId}/ping`
      .addSuccess(Schema.Struct({ docsVisitorClaims: Schema.optional(Schema.String) }))
      .annotate(OpenApi.Summary, "Update an organization member last seen at")
  )
)
  .middleware(Authentication) {}
