import { defaultCustomizations, firstDocument, joinPath, type LocatedPath, type ReaderSite, type ReaderSiteSpace, type RevisionPage } from "@quire/core"
import type { ReaderChrome, ReaderLink, ReaderNavEntry, ReaderSiteLook } from "./html/views.js"

/** A document page of a site space and where it is read. */
export interface PageEntry {
  readonly id: string
  readonly title: string
  readonly path: string
  readonly href: string
  readonly hidden: boolean
  readonly noIndex: boolean
  readonly noRobotsIndex: boolean
  readonly description?: string | undefined
}

const childrenOf = (page: RevisionPage): ReadonlyArray<RevisionPage> =>
  "pages" in page ? (page.pages as ReadonlyArray<RevisionPage>) : []

/**
 * Where a site space's pages are read: `<base>/<site space>/<page path>`, its first document
 * page (depth first) at the site space's own address.
 */
export const pageHrefs = (base: string, siteSpace: ReaderSiteSpace, pages: ReadonlyArray<RevisionPage>) => {
  const first = firstDocument(pages)
  const root = joinPath(base, siteSpace.urlPath)
  return (page: { readonly id: string; readonly path: string }) =>
    page.id === first?.id ? root : `${root}/${page.path.split("/").map(encodeURIComponent).join("/")}`
}

/** Every document page of a tree, depth first, each before its subpages; hidden ones (and what they hold) included. */
export const documentPages = (base: string, siteSpace: ReaderSiteSpace, pages: ReadonlyArray<RevisionPage>): ReadonlyArray<PageEntry> => {
  const href = pageHrefs(base, siteSpace, pages)
  const out: Array<PageEntry> = []
  const walk = (level: ReadonlyArray<RevisionPage>, hiddenAbove: boolean) => {
    for (const page of level) {
      const hidden = hiddenAbove || ("hidden" in page && page.hidden === true)
      if (page.type === "document") {
        out.push({
          id: page.id,
          title: page.title,
          path: page.path,
          href: href(page),
          hidden,
          noIndex: page.noIndex === true,
          noRobotsIndex: page.noRobotsIndex === true,
          description: page.description
        })
      }
      walk(childrenOf(page), hidden)
    }
  }
  walk(pages, false)
  return out
}

/** A sidebar of at most this many entries holds the whole tree; a larger one only the way to the current page. */
export const SIDEBAR_FULL_MAX = 300

const countVisible = (level: ReadonlyArray<RevisionPage>): number =>
  level.reduce((n, page) => ("hidden" in page && page.hidden === true ? n : n + 1 + countVisible(childrenOf(page))), 0)

/** The ids of the pages from the root level down to `id`, `id` included; empty when it is not in the tree. */
const chainTo = (level: ReadonlyArray<RevisionPage>, id: string | undefined): ReadonlyArray<string> => {
  if (id === undefined) return []
  for (const page of level) {
    if (page.id === id) return [id]
    const below = chainTo(childrenOf(page), id)
    if (below.length > 0) return [page.id, ...below]
  }
  return []
}

/**
 * The sidebar: the tree without hidden pages, open down to `currentId`. A tree of more than
 * `SIDEBAR_FULL_MAX` entries is not sent whole (a 10,000-page space would make every page a
 * megabyte of links): the root level, and the children of the pages on the way to the current
 * one and of the current one; a group left closed so links to its first page.
 */
export const sidebarOf = (
  base: string,
  siteSpace: ReaderSiteSpace,
  pages: ReadonlyArray<RevisionPage>,
  currentId: string | undefined
): ReadonlyArray<ReaderNavEntry> => {
  const href = pageHrefs(base, siteSpace, pages)
  const whole = countVisible(pages) <= SIDEBAR_FULL_MAX
  const chain = new Set(chainTo(pages, currentId))
  const entries = (level: ReadonlyArray<RevisionPage>): ReadonlyArray<ReaderNavEntry> =>
    level.flatMap((page): ReadonlyArray<ReaderNavEntry> => {
      if ("hidden" in page && page.hidden === true) return []
      const open = chain.has(page.id)
      const children = whole || open ? entries(childrenOf(page)) : []
      const current = page.id === currentId
      switch (page.type) {
        case "document":
          return [{ title: page.title, href: href(page), external: false, current, open, pages: children }]
        case "group": {
          const first = whole || open ? undefined : firstDocument(pages, page.id)
          return [{ title: page.title, href: first === undefined ? undefined : href(first as { id: string; path: string }), external: false, current, open, pages: children }]
        }
        case "link":
          return page.href === undefined ? [] : [{ title: page.title, href: page.href, external: true, current, open, pages: [] }]
        default:
          return []
      }
    })
  return entries(pages)
}

/** The page before and after `currentId` among the visible document pages. */
export const neighbours = (entries: ReadonlyArray<PageEntry>, currentId: string): { previous?: ReaderLink; next?: ReaderLink } => {
  const visible = entries.filter((e) => !e.hidden)
  const at = visible.findIndex((e) => e.id === currentId)
  if (at === -1) return {}
  const link = (e: PageEntry | undefined): ReaderLink | undefined => (e === undefined ? undefined : { title: e.title, href: e.href, current: false })
  return { previous: link(visible[at - 1]), next: link(visible[at + 1]) }
}

/** The site's look from its customizations (Quire keeps GitBook's defaults for now). */
export const siteLook = (site: ReaderSite, base: string): ReaderSiteLook => {
  const custom = defaultCustomizations(site.site.title) as {
    readonly styling: { readonly primaryColor: { readonly light: string; readonly dark: string } }
    readonly themes: { readonly default: "light" | "dark" | "system" }
    readonly internationalization: { readonly locale: string }
  }
  return {
    title: site.site.title,
    homeHref: base,
    primaryColor: custom.styling.primaryColor,
    theme: custom.themes.default,
    locale: custom.internationalization.locale
  }
}

/** Where a site space's search is: `<site space>/~search`. */
export const SEARCH_SEGMENT = "~search"

/** The tabs, variants and search of a site, at `located`. */
export const chromeOf = (site: ReaderSite, base: string, located: LocatedPath, noIndex: boolean, query?: string): ReaderChrome => ({
  site: siteLook(site, base),
  noIndex: noIndex || site.site.visibility === "unlisted",
  sections:
    site.sections.length < 2 ? [] : site.sections.map((s) => ({ title: s.title, href: joinPath(base, s.urlPath), current: s.id === located.section.id })),
  variants: located.section.siteSpaces.map((s) => ({ title: s.title, href: joinPath(base, s.urlPath), current: s.id === located.siteSpace.id })),
  searchHref: joinPath(base, located.siteSpace.urlPath, SEARCH_SEGMENT),
  query
})
