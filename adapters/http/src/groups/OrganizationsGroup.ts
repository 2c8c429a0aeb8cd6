import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CreateOrganizationInput, ListOf, Organization, UpdateOrganizationInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { emailDomain, organizationId, PageParams, UrlText } from "../params.js"
import { withCommonErrors, created } from "./common.js"

export class OrganizationsGroup extends withCommonErrors(HttpApiGroup.make("organizations")
  .add(
    HttpApiEndpoint.get("listOrganizationsForAuthenticatedUser", "/orgs")
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Organization))
  )
  .add(
    HttpApiEndpoint.post("createOrganization", "/orgs")
      .setUrlParams(Schema.Struct({ withDefaultSite: Schema.optional(UrlText), openapiUrl: Schema.optional(UrlText) }))
      .setPayload(CreateOrganizationInput)
      .addSuccess(created(Organization))
  )
  .add(HttpApiEndpoint.get("getOrganizationById")`/orgs/${organizationId}`.addSuccess(Organization))
  .add(
    HttpApiEndpoint.patch("updateOrganizationById")`/orgs/${organizationId}`
      .setPayload(UpdateOrganizationInput)
      .addSuccess(Organization)
  )
  .add(
    HttpApiEndpoint.get("getOrganizationsForEmailDomain")`/email-domains/${emailDomain}/orgs`.addSuccess(
      Schema.Struct({ organizations: Schema.Array(Organization) })
    )
  )
  .add(
    HttpApiEndpoint.post("updateOrganizationMemberLastSeenAt")`/orgs/${organizationId}/ping`.addSuccess(
      Schema.Struct({ docsVisitorClaims: Schema.optional(Schema.String) })
    )
  )
)
  .middleware(Authentication) {}
