import { HttpApiBuilder } from "@effect/platform"
import { SiteStructures } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent } from "../shared/responses.js"
import { SiteStructureGroup } from "./SiteStructureGroup.js"

export const SiteStructureHandlers = HttpApiBuilder.group(apiOf(SiteStructureGroup), "siteStructure", (handlers) =>
  Effect.map(SiteStructures, (structures) =>
    handlers
      .handle("getSiteStructure", ({ path, urlParams }) => json(structures.structure(path.organizationId, path.siteId, urlParams.shareKey)))
      .handle("listSiteSections", ({ path, urlParams: { shareKey, ...page } }) =>
        json(structures.listSections(path.organizationId, path.siteId, page, shareKey))
      )
      .handle("addSectionToSite", ({ path, payload }) => structures.addSection(path.organizationId, path.siteId, payload))
      .handle("updateSiteSectionById", ({ path, payload }) =>
        json(structures.updateSection(path.organizationId, path.siteId, path.siteSectionId, payload))
      )
      .handle("deleteSiteSectionById", ({ path }) =>
        Effect.map(structures.removeSection(path.organizationId, path.siteId, path.siteSectionId), deletedOrAbsent)
      )
      .handle("moveSiteSection", ({ path, payload }) => json(structures.moveSection(path.organizationId, path.siteId, path.siteSectionId, payload)))
      .handle("listSiteSpaces", ({ path, urlParams: { shareKey, default: isDefault, ...page } }) =>
        json(structures.listSiteSpaces(path.organizationId, path.siteId, { default: isDefault }, page, shareKey))
      )
      .handle("addSpaceToSite", ({ path, payload }) => structures.addSiteSpace(path.organizationId, path.siteId, payload))
      .handle("updateSiteSpaceById", ({ path, payload }) =>
        json(structures.updateSiteSpace(path.organizationId, path.siteId, path.siteSpaceId, payload))
      )
      .handle("deleteSiteSpaceById", ({ path }) =>
        Effect.map(structures.removeSiteSpace(path.organizationId, path.siteId, path.siteSpaceId), deletedOrAbsent)
      )
      .handle("moveSiteSpace", ({ path, payload }) => json(structures.moveSiteSpace(path.organizationId, path.siteId, path.siteSpaceId, payload)))
      .handle("listSiteSectionGroups", ({ path, urlParams }) => json(structures.listGroups(path.organizationId, path.siteId, urlParams)))
      .handle("addSectionGroupToSite", ({ path, payload }) => structures.addGroup(path.organizationId, path.siteId, payload))
      .handle("updateSiteSectionGroupById", ({ path, payload }) =>
        json(structures.updateGroup(path.organizationId, path.siteId, path.siteSectionGroupId, payload))
      )
      .handle("deleteSiteSectionGroupById", ({ path }) =>
        Effect.map(structures.removeGroup(path.organizationId, path.siteId, path.siteSectionGroupId), deletedOrAbsent)
      )
      .handle("moveSiteSectionGroup", ({ path, payload }) =>
        json(structures.moveGroup(path.organizationId, path.siteId, path.siteSectionGroupId, payload))
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const SiteStructureHttp = isolated(SiteStructureHandlers, [Authentication, SiteStructures])
