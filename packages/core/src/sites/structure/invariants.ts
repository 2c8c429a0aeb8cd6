import { ancestorsOf, itemsUnder, siteSpacesIn, type Structure } from "./Structure.js"

/**
 * What every structure the transitions give keeps; each broken rule is one line. Empty means
 * the structure is sound. The property test holds it over random sequences of transitions.
 */
export const structureViolations = (s: Structure): ReadonlyArray<string> => {
  const out: Array<string> = []
  const root = siteSpacesIn(s, null)
  if (s.sections.length > 0) {
    if (root.length > 0) out.push("site spaces at the root of a site with sections")
    if (!s.sections.some((x) => x.id === s.defaultSectionId)) out.push("no default section")
    if (s.defaultSiteSpaceId !== null) out.push("a root default site space in a site with sections")
  } else {
    if (s.defaultSectionId !== null) out.push("a default section in a site without sections")
    if (root.length > 0 ? !root.some((x) => x.id === s.defaultSiteSpaceId) : s.defaultSiteSpaceId !== null) {
      out.push("the root's default site space is not one of its site spaces")
    }
  }
  for (const section of s.sections) {
    const own = siteSpacesIn(s, section.id)
    if (own.length === 0) out.push(`section ${section.id} holds no site space`)
    if (!own.some((x) => x.id === section.defaultSiteSpaceId)) out.push(`section ${section.id} has no default site space among its own`)
    if (section.groupId !== null && !s.groups.some((g) => g.id === section.groupId)) out.push(`section ${section.id} is in a missing group`)
  }
  for (const siteSpace of s.siteSpaces) {
    if (siteSpace.sectionId !== null && !s.sections.some((x) => x.id === siteSpace.sectionId)) {
      out.push(`site space ${siteSpace.id} is in a missing section`)
    }
  }
  for (const group of s.groups) {
    if (group.parentId !== null && !s.groups.some((g) => g.id === group.parentId)) out.push(`group ${group.id} is in a missing group`)
    if (ancestorsOf(s, group.id).includes(group.id)) out.push(`group ${group.id} is nested in itself`)
  }
  const duplicates = (values: ReadonlyArray<string>) => values.filter((v, i) => values.indexOf(v) !== i)
  for (const path of duplicates(s.sections.map((x) => x.path))) out.push(`two sections have the path "${path}"`)
  for (const parent of [null, ...s.sections.map((x) => x.id)]) {
    const siblings = siteSpacesIn(s, parent)
    for (const path of duplicates(siblings.map((x) => x.path))) out.push(`two site spaces of ${parent ?? "the root"} have the path "${path}"`)
    for (const key of duplicates(siblings.map((x) => x.position))) out.push(`two site spaces of ${parent ?? "the root"} share the position ${key}`)
  }
  for (const parent of [null, ...s.groups.map((g) => g.id)]) {
    const keys = itemsUnder(s, parent).map((item) => item.record.position)
    for (const key of duplicates(keys)) out.push(`two items of ${parent ?? "the root"} share the position ${key}`)
  }
  return out
}
