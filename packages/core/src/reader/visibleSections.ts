import type { RevisionId, SpaceId } from "../shared/ids.js"
import type { SiteSectionRecord, SiteSpaceRecord } from "../storage/sites/SiteStructureRecords.js"
import { defaultSectionOf, defaultSiteSpaceOf, sectionsInOrder, siteSpacesIn, type Structure } from "../sites/structure/Structure.js"
import { joinPath, type ReaderSection, type ReaderSiteSpace } from "./ReaderSite.js"

/** A live space of the site's organization: what a site space shows. */
export interface ShownSpace {
  readonly id: SpaceId
  readonly title: string
  readonly revisionId: RevisionId
}

/**
 * The sections and site spaces a visitor is shown, in navigation order, each at its URL path.
 * URL paths come from the structure's own defaults, whatever the visitor is shown, so an
 * address names the same content for everyone; a site space whose space is not live, or whose
 * condition the visitor does not meet, is left out, and so is a section left with none.
 */
export const visibleSections = (
  structure: Structure,
  siteTitle: string,
  spaces: ReadonlyMap<string, ShownSpace>,
  shown: (item: SiteSectionRecord | SiteSpaceRecord) => boolean
): ReadonlyArray<ReaderSection> => {
  const spacesOf = (sectionId: SiteSectionRecord["id"] | null, sectionPath: string): ReadonlyArray<ReaderSiteSpace> => {
    const defaultId = defaultSiteSpaceOf(structure, sectionId)?.id
    return siteSpacesIn(structure, sectionId).flatMap((record) => {
      const space = spaces.get(record.spaceId)
      if (space === undefined || !shown(record)) return []
      const isDefault = record.id === defaultId
      return [
        {
          id: record.id,
          spaceId: space.id,
          revisionId: space.revisionId,
          title: space.title,
          urlPath: joinPath(sectionPath, isDefault ? "" : record.path),
          segment: isDefault ? "" : record.path,
          isDefault
        }
      ]
    })
  }
  if (structure.sections.length === 0) {
    const siteSpaces = spacesOf(null, "")
    return siteSpaces.length === 0 ? [] : [{ id: null, title: siteTitle, urlPath: "", isDefault: true, siteSpaces }]
  }
  const defaultSection = defaultSectionOf(structure)?.id
  return sectionsInOrder(structure).flatMap((record) => {
    if (!shown(record)) return []
    const isDefault = record.id === defaultSection
    const urlPath = isDefault ? "" : record.path
    const siteSpaces = spacesOf(record.id, urlPath)
    return siteSpaces.length === 0 ? [] : [{ id: record.id, title: record.title, urlPath, isDefault, siteSpaces }]
  })
}
