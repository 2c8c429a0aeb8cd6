import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  AddSectionGroupInput,
  AddSectionInput,
  AddSiteSpaceInput,
  ListOf,
  MoveSectionGroupInput,
  MoveSectionInput,
  MoveSiteSpaceInput,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SiteStructure,
  UpdateSectionGroupInput,
  UpdateSectionInput,
  UpdateSiteSpaceInput
} from "@quire/core"
import { Authentication } from "../Authentication.js"
import { OptionalBody, organizationId, siteId, siteSectionGroupId, siteSectionId, siteSpaceId } from "../params.js"
import { created, NoContent, optionalBodyInDocument, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"
import { SectionGroupListQuery, ShareKeyQuery, SiteSectionListQuery, SiteSpaceListQuery } from "./siteQueries.js"

/**
 * A site's navigation: its structure, sections, site spaces and section groups. The move
 * operations take an optional body: none, or `{}`, moves to the end.
 */
export class SiteStructureGroup extends withCommonErrors(
  HttpApiGroup.make("siteStructure", { topLevel: true })
    .add(
      HttpApiEndpoint.get("getSiteStructure")`/orgs/${organizationId}/sites/${siteId}/structure`
        .setUrlParams(ShareKeyQuery)
        .addSuccess(SiteStructure)
        .annotate(OpenApi.Summary, "Get the full navigation structure of a site")
    )
    // Sections
    .add(
      HttpApiEndpoint.get("listSiteSections")`/orgs/${organizationId}/sites/${siteId}/sections`
        .setUrlParams(SiteSectionListQuery)
        .addSuccess(ListOf(SiteSection))
        .annotate(OpenApi.Summary, "List all navigation sections in a site")
    )
    .add(
      HttpApiEndpoint.post("addSectionToSite")`/orgs/${organizationId}/sites/${siteId}/sections`
        .setPayload(AddSectionInput)
        .addSuccess(created(SiteSection))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Add a new navigation section to a site backed by a space")
    )
    .add(
      HttpApiEndpoint.patch("updateSiteSectionById")`/orgs/${organizationId}/sites/${siteId}/sections/${siteSectionId}`
        .setPayload(UpdateSectionInput)
        .addSuccess(SiteSection)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update a navigation section in a site")
    )
    .add(
      HttpApiEndpoint.del("deleteSiteSectionById")`/orgs/${organizationId}/sites/${siteId}/sections/${siteSectionId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Delete a site section")
    )
    .add(
      HttpApiEndpoint.post("moveSiteSection")`/orgs/${organizationId}/sites/${siteId}/sections/${siteSectionId}/move`
        .setPayload(OptionalBody(MoveSectionInput))
        .addSuccess(SiteSection)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Move a site section to a new position. (Deprecated) use sortSiteStructure instead.")
        .annotateContext(optionalBodyInDocument)
    )
    // Site spaces
    .add(
      HttpApiEndpoint.get("listSiteSpaces")`/orgs/${organizationId}/sites/${siteId}/site-spaces`
        .setUrlParams(SiteSpaceListQuery)
        .addSuccess(ListOf(SiteSpace))
        .annotate(OpenApi.Summary, "List all spaces linked to a site as content sources")
    )
    .add(
      HttpApiEndpoint.post("addSpaceToSite")`/orgs/${organizationId}/sites/${siteId}/site-spaces`
        .setPayload(AddSiteSpaceInput)
        .addSuccess(created(SiteSpace))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Add a space to a site as a content source")
    )
    .add(
      HttpApiEndpoint.patch("updateSiteSpaceById")`/orgs/${organizationId}/sites/${siteId}/site-spaces/${siteSpaceId}`
        .setPayload(UpdateSiteSpaceInput)
        .addSuccess(SiteSpace)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update a space linked to a site")
    )
    .add(
      HttpApiEndpoint.del("deleteSiteSpaceById")`/orgs/${organizationId}/sites/${siteId}/site-spaces/${siteSpaceId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Delete a site space")
    )
    .add(
      HttpApiEndpoint.post("moveSiteSpace")`/orgs/${organizationId}/sites/${siteId}/site-spaces/${siteSpaceId}/move`
        .setPayload(OptionalBody(MoveSiteSpaceInput))
        .addSuccess(SiteSpace)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Move a site space to a new position. (Deprecated) use sortSiteStructure instead.")
        .annotateContext(optionalBodyInDocument)
    )
    // Section groups
    .add(
      HttpApiEndpoint.get("listSiteSectionGroups")`/orgs/${organizationId}/sites/${siteId}/section-groups`
        .setUrlParams(SectionGroupListQuery)
        .addSuccess(ListOf(SiteSectionGroup))
        .annotate(OpenApi.Summary, "List all section groups in a site's navigation structure")
    )
    .add(
      HttpApiEndpoint.post("addSectionGroupToSite")`/orgs/${organizationId}/sites/${siteId}/section-groups`
        .setPayload(AddSectionGroupInput)
        .addSuccess(created(SiteSectionGroup))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Add a section group to a site's navigation structure")
    )
    .add(
      HttpApiEndpoint.patch("updateSiteSectionGroupById")`/orgs/${organizationId}/sites/${siteId}/section-groups/${siteSectionGroupId}`
        .setPayload(UpdateSectionGroupInput)
        .addSuccess(SiteSectionGroup)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update a section group in a site's navigation structure")
    )
    .add(
      HttpApiEndpoint.del("deleteSiteSectionGroupById")`/orgs/${organizationId}/sites/${siteId}/section-groups/${siteSectionGroupId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Delete a site section group")
    )
    .add(
      HttpApiEndpoint.post("moveSiteSectionGroup")`/orgs/${organizationId}/sites/${siteId}/section-groups/${siteSectionGroupId}/move`
        .setPayload(OptionalBody(MoveSectionGroupInput))
        .addSuccess(SiteSectionGroup)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Move a site section group to a new position. (Deprecated) use sortSiteStructure instead.")
        .annotateContext(optionalBodyInDocument)
    )
).middleware(Authentication) {}
