import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CreateShareLinkInput, ListOf, ShareLink, UpdateShareLinkInput } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { organizationId, shareLinkId, siteId } from "../params.js"
import { created, NoContent, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"
import { ShareLinkListQuery } from "./siteQueries.js"

/** A share-link site's private links: each key lets its holders read the published site. */
export class SiteShareLinksGroup extends withCommonErrors(
  HttpApiGroup.make("siteShareLinks", { topLevel: true })
    .add(
      HttpApiEndpoint.get("listSiteShareLinks")`/orgs/${organizationId}/sites/${siteId}/share-links`
        .setUrlParams(ShareLinkListQuery)
        .addSuccess(ListOf(ShareLink))
        .annotate(OpenApi.Summary, "List all private share links for a site")
    )
    .add(
      HttpApiEndpoint.post("createSiteShareLink")`/orgs/${organizationId}/sites/${siteId}/share-links`
        .setPayload(CreateShareLinkInput)
        .addSuccess(created(ShareLink))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Create a private share link for a site")
    )
    .add(
      HttpApiEndpoint.patch("updateSiteShareLinkById")`/orgs/${organizationId}/sites/${siteId}/share-links/${shareLinkId}`
        .setPayload(UpdateShareLinkInput)
        .addSuccess(ShareLink)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update a private share link for a site")
    )
    .add(
      HttpApiEndpoint.del("deleteSiteShareLinkById")`/orgs/${organizationId}/sites/${siteId}/share-links/${shareLinkId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Deletes a share link")
    )
).middleware(Authentication) {}
