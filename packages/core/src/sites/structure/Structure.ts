import type { SiteId, SiteSectionGroupId, SiteSectionId, SiteSpaceId } from "../../shared/ids.js"
import { bySiblingOrder } from "../../shared/ordering.js"
import type {
  SiteSectionGroupRecord,
  SiteSectionRecord,
  SiteSpaceRecord,
  SiteStructureRows
} from "../../storage/sites/SiteStructureRecords.js"

/**
 * A site's navigation as one value: its rows and the site's two default pointers. The
 * transitions (`transitions.ts`) take one and give the next; `invariants.ts` says what every
 * one of them keeps.
 */
export interface Structure extends SiteStructureRows {
  readonly siteId: SiteId
  readonly defaultSectionId: SiteSectionId | null
  /** The default site space at the root (only while the site has no sections). */
  readonly defaultSiteSpaceId: SiteSpaceId | null
}

export const emptyStructure = (siteId: SiteId): Structure => ({
  siteId,
  defaultSectionId: null,
  defaultSiteSpaceId: null,
  sections: [],
  groups: [],
  siteSpaces: []
})

/** An item of the navigation tree: a section or a group. */
export type NavigationItem =
  | { readonly kind: "site-section"; readonly record: SiteSectionRecord }
  | { readonly kind: "site-section-group"; readonly record: SiteSectionGroupRecord }

const byPosition = <A extends { readonly id: string; readonly position: string }>(a: A, b: A) =>
  bySiblingOrder({ kind: "", id: a.id, position: a.position }, { kind: "", id: b.id, position: b.position })

/** The sections and groups directly under `parent` (null: the root), in order. */
export const itemsUnder = (s: SiteStructureRows, parent: SiteSectionGroupId | null): ReadonlyArray<NavigationItem> =>
  [
    ...s.sections.filter((x) => x.groupId === parent).map((record) => ({ kind: "site-section" as const, record })),
    ...s.groups.filter((x) => x.parentId === parent).map((record) => ({ kind: "site-section-group" as const, record }))
  ].sort((a, b) => byPosition(a.record, b.record))

/** Every section in navigation order: depth first through the groups. */
export const sectionsInOrder = (s: SiteStructureRows): ReadonlyArray<SiteSectionRecord> => {
  const out: Array<SiteSectionRecord> = []
  const seen = new Set<string>()
  const walk = (parent: SiteSectionGroupId | null) => {
    for (const item of itemsUnder(s, parent)) {
      if (item.kind === "site-section") out.push(item.record)
      else if (!seen.has(item.record.id)) {
        seen.add(item.record.id)
        walk(item.record.id)
      }
    }
  }
  walk(null)
  return out
}

/** The site spaces of a section (null: the root), in order. */
export const siteSpacesIn = (s: SiteStructureRows, sectionId: SiteSectionId | null): ReadonlyArray<SiteSpaceRecord> =>
  s.siteSpaces.filter((x) => x.sectionId === sectionId).sort(byPosition)

/** The default section: the pointer while it names a section, else the first in navigation order. */
export const defaultSectionOf = (s: Structure): SiteSectionRecord | undefined =>
  s.sections.find((x) => x.id === s.defaultSectionId) ?? sectionsInOrder(s)[0]

/**
 * The default site space of a section (null: the root) among those `shown`: the pointer while it
 * names one of them, else the first of them in order.
 */
export const defaultSiteSpaceOf = (
  s: Structure,
  sectionId: SiteSectionId | null,
  shown: (siteSpace: SiteSpaceRecord) => boolean = () => true
): SiteSpaceRecord | undefined => {
  const candidates = siteSpacesIn(s, sectionId).filter(shown)
  const pointer = sectionId === null ? s.defaultSiteSpaceId : s.sections.find((x) => x.id === sectionId)?.defaultSiteSpaceId
  return candidates.find((x) => x.id === pointer) ?? candidates[0]
}

/** The groups `id` is nested in, nearest first (stops at a cycle, which the transitions never make). */
export const ancestorsOf = (s: SiteStructureRows, id: SiteSectionGroupId): ReadonlyArray<SiteSectionGroupId> => {
  const out: Array<SiteSectionGroupId> = []
  let current = s.groups.find((g) => g.id === id)?.parentId ?? null
  while (current !== null && !out.includes(current)) {
    out.push(current)
    current = s.groups.find((g) => g.id === current)?.parentId ?? null
  }
  return out
}
