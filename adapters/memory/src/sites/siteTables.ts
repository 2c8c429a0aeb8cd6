import type {
  ShareLinkId,
  ShareLinkRecord,
  SiteId,
  SiteRecord,
  SiteSectionGroupId,
  SiteSectionGroupRecord,
  SiteSectionId,
  SiteSectionRecord,
  SiteSpaceId,
  SiteSpaceRecord
} from "@quire/core"
import { organizationsTable } from "../organizations/organizationsTable.js"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

export const sitesTable = table<SiteId, SiteRecord>("sites", { table: organizationsTable, key: (s) => s.organizationId })

export const siteSectionsTable = table<SiteSectionId, SiteSectionRecord>("siteSections", {
  table: sitesTable,
  key: (s) => s.siteId
})

export const siteSectionGroupsTable = table<SiteSectionGroupId, SiteSectionGroupRecord>("siteSectionGroups", {
  table: sitesTable,
  key: (g) => g.siteId
})

/**
 * Owned by their space, so that a space's purge removes them; a table has one owner, so the
 * site's deletion removes them itself (in SQL, both are foreign keys `ON DELETE CASCADE`).
 */
export const siteSpacesTable = table<SiteSpaceId, SiteSpaceRecord>("siteSpaces", {
  table: spacesTable,
  key: (s) => s.spaceId
})

export const shareLinksTable = table<ShareLinkId, ShareLinkRecord>("siteShareLinks", {
  table: sitesTable,
  key: (l) => l.siteId
})
