import type { ReaderSection, ReaderSite, ReaderSiteSpace } from "./ReaderSite.js"

/** Where a path under a site leads: a site space and the page path in it (`""`: its first page). */
export interface LocatedPath {
  readonly section: ReaderSection
  readonly siteSpace: ReaderSiteSpace
  readonly pagePath: string
}

const segmentsOf = (path: string) => path.split("/").filter((s) => s !== "")

/**
 * The site space a path under the site names, and the page path left: a section's path, then a
 * site space's, name them when they are not the defaults; what follows is the page's path. A
 * section or site space wins over a page of the same path. Undefined when the site shows
 * nothing. A visitor not shown the default section reads the first section shown at the root.
 */
export const locatePath = (site: ReaderSite, path: string): LocatedPath | undefined => {
  const segments = segmentsOf(path)
  const first = segments[0]
  const named = first === undefined ? undefined : site.sections.find((s) => !s.isDefault && s.urlPath === first)
  const section = named ?? site.sections.find((s) => s.isDefault) ?? site.sections[0]
  if (section === undefined) return undefined
  const rest = named === undefined ? segments : segments.slice(1)
  const variant = rest[0] === undefined ? undefined : section.siteSpaces.find((s) => !s.isDefault && s.segment === rest[0])
  const siteSpace = variant ?? section.siteSpaces.find((s) => s.isDefault) ?? section.siteSpaces[0]!
  return { section, siteSpace, pagePath: (variant === undefined ? rest : rest.slice(1)).join("/") }
}
