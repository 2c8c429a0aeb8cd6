import type { SiteStructureChange } from "../../storage/sites/SiteStructureRecords.js"
import type { Structure } from "./Structure.js"

const changed = <A extends { readonly id: string }>(before: ReadonlyArray<A>, after: ReadonlyArray<A>) => {
  const old = new Map(before.map((x) => [x.id, x]))
  return after.filter((x) => old.get(x.id) !== x)
}

const removed = <A extends { readonly id: string }>(before: ReadonlyArray<A>, after: ReadonlyArray<A>) => {
  const kept = new Set(after.map((x) => x.id))
  return before.filter((x) => !kept.has(x.id)).map((x) => x.id as A["id"])
}

/**
 * The rows a transition wrote: new or changed ones (transitions copy what they change, so an
 * unchanged row is the same object) and removed ones.
 */
export const structureChange = (before: Structure, after: Structure): SiteStructureChange => ({
  put: {
    sections: changed(before.sections, after.sections),
    groups: changed(before.groups, after.groups),
    siteSpaces: changed(before.siteSpaces, after.siteSpaces)
  },
  deleteSections: removed(before.sections, after.sections),
  deleteGroups: removed(before.groups, after.groups),
  deleteSiteSpaces: removed(before.siteSpaces, after.siteSpaces)
})

export const isEmptyChange = (change: SiteStructureChange): boolean =>
  change.put.sections.length + change.put.groups.length + change.put.siteSpaces.length +
    change.deleteSections.length + change.deleteGroups.length + change.deleteSiteSpaces.length === 0
