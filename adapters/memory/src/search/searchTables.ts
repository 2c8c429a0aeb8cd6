import type { IndexedSection, RevisionId, SpaceId } from "@quire/core"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

/** One section of a page in the index, with its space. */
export interface SectionRow extends IndexedSection {
  readonly spaceId: SpaceId
}

/**
 * The sections, keyed by `sectionKey` (a page's sections by their place in the page, so two
 * with one anchor are two rows, as in SQL): they go with their space.
 */
export const searchSectionsTable = table<string, SectionRow>("searchSections", {
  table: spacesTable,
  key: (row) => row.spaceId
})

export const sectionKey = (spaceId: SpaceId, pageId: string, index: number): string =>
  JSON.stringify([spaceId, pageId, index])

/** Per space, the revision its sections were written for: it goes with its space. */
export const searchSpacesTable = table<SpaceId, { readonly spaceId: SpaceId; readonly revisionId: RevisionId }>(
  "searchSpaces",
  { table: spacesTable, key: (row) => row.spaceId }
)
