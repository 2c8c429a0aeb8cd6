import type { SiteId, SiteSectionGroupId, SiteSectionId, SiteSpaceId, SpaceId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** A section of a site: a titled part of its navigation holding one or more site spaces. */
export interface SiteSectionRecord {
  readonly id: SiteSectionId
  readonly siteId: SiteId
  readonly title: string
  readonly description: string | null
  readonly icon: string | null
  /** Unique among the site's sections. */
  readonly path: string
  readonly condition: string | null
  /** The group it sits in, or null at the site's root. */
  readonly groupId: SiteSectionGroupId | null
  /** Fractional key among the sections and groups of the same parent. */
  readonly position: string
  /** The section's default site space (a stale id falls back to the first one). */
  readonly defaultSiteSpaceId: SiteSpaceId | null
  readonly createdAt: Timestamp
}

/** A group of sections (and of other groups) in a site's navigation. */
export interface SiteSectionGroupRecord {
  readonly id: SiteSectionGroupId
  readonly siteId: SiteId
  readonly title: string
  readonly icon: string | null
  /** The group it is nested in, or null at the site's root. */
  readonly parentId: SiteSectionGroupId | null
  readonly position: string
  readonly createdAt: Timestamp
}

/** A space published on a site, at the site's root or in a section. */
export interface SiteSpaceRecord {
  readonly id: SiteSpaceId
  readonly siteId: SiteId
  readonly sectionId: SiteSectionId | null
  readonly spaceId: SpaceId
  /** Unique among the site spaces of the same section (or of the root). */
  readonly path: string
  readonly condition: string | null
  /** Fractional key among the site spaces of the same section (or of the root). */
  readonly position: string
  readonly createdAt: Timestamp
}

/** Everything a site's navigation is made of, as stored. */
export interface SiteStructureRows {
  readonly sections: ReadonlyArray<SiteSectionRecord>
  readonly groups: ReadonlyArray<SiteSectionGroupRecord>
  readonly siteSpaces: ReadonlyArray<SiteSpaceRecord>
}

/** What a structure command writes: rows to insert or replace, and ids to delete. */
export interface SiteStructureChange {
  readonly put: SiteStructureRows
  readonly deleteSections: ReadonlyArray<SiteSectionId>
  readonly deleteGroups: ReadonlyArray<SiteSectionGroupId>
  readonly deleteSiteSpaces: ReadonlyArray<SiteSpaceId>
}
