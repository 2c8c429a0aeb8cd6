import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CreateSiteInput, ListOf, PublishedContentSite, Site, SiteAdaptiveSchema, UpdateAdaptiveSchemaInput, UpdateSiteInput } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { UnauthorizedError } from "../errors.js"
import { OptionalBody, organizationId, siteId } from "../params.js"
import { created, NoContent, optionalBodyInDocument, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"
import { ShareKeyQuery, SiteListQuery, VisitorTokenHeaders } from "./siteQueries.js"

/** An organization's docs sites: the sites themselves, publishing, the adaptive schema and the readers' view. */
export class SitesGroup extends withCommonErrors(
  HttpApiGroup.make("sites", { topLevel: true })
    .add(
      HttpApiEndpoint.get("listSites")`/orgs/${organizationId}/sites`
        .setUrlParams(SiteListQuery)
        .addSuccess(ListOf(Site))
        .annotate(OpenApi.Summary, "List all documentation sites in an organization")
    )
    .add(
      HttpApiEndpoint.post("createSite")`/orgs/${organizationId}/sites`
        .setPayload(OptionalBody(CreateSiteInput))
        .addSuccess(created(Site))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Create a new documentation site in an organization")
        .annotateContext(optionalBodyInDocument)
    )
    .add(
      HttpApiEndpoint.get("getSiteById")`/orgs/${organizationId}/sites/${siteId}`
        .addSuccess(Site)
        .annotate(OpenApi.Summary, "Get a documentation site by its ID")
    )
    .add(
      HttpApiEndpoint.patch("updateSiteById")`/orgs/${organizationId}/sites/${siteId}`
        .setPayload(UpdateSiteInput)
        .addSuccess(Site)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update the properties of a documentation site")
    )
    .add(
      HttpApiEndpoint.del("deleteSiteById")`/orgs/${organizationId}/sites/${siteId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Delete a site")
    )
    .add(
      HttpApiEndpoint.get("getSiteAdaptiveSchema")`/orgs/${organizationId}/sites/${siteId}/adaptive-schema`
        .addSuccess(SiteAdaptiveSchema)
        .annotate(OpenApi.Summary, "Get the visitor attributes JSON schema for an adaptive content site")
    )
    .add(
      HttpApiEndpoint.put("updateSiteAdaptiveSchema")`/orgs/${organizationId}/sites/${siteId}/adaptive-schema`
        .setPayload(UpdateAdaptiveSchemaInput)
        .addSuccess(SiteAdaptiveSchema)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update the visitor attributes JSON schema for an adaptive content site")
    )
    .add(
      HttpApiEndpoint.get("getPublishedContentSite")`/orgs/${organizationId}/sites/${siteId}/published`
        .setUrlParams(ShareKeyQuery)
        .setHeaders(VisitorTokenHeaders)
        .addSuccess(PublishedContentSite)
        // A visitor-auth site's reader without a valid visitor token.
        .addError(UnauthorizedError)
        .annotate(OpenApi.Summary, "Get the full published profile of a site including structure and customization")
    )
    .add(
      HttpApiEndpoint.post("publishSite")`/orgs/${organizationId}/sites/${siteId}/publish`
        .addSuccess(Site)
        .annotate(OpenApi.Summary, "Publish a site to make it publicly accessible")
    )
    .add(
      HttpApiEndpoint.post("unpublishSite")`/orgs/${organizationId}/sites/${siteId}/unpublish`
        .addSuccess(Site)
        .annotate(OpenApi.Summary, "Take a site offline by unpublishing it")
    )
).middleware(Authentication) {}
