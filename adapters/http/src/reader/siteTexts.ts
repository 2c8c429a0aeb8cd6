import type { ReaderSite, ReaderSiteSpace } from "@quire/core"
import type { PageEntry } from "./navigation.js"

/** A site space's document pages, as read for the files below. */
export interface SiteSpacePages {
  readonly siteSpace: ReaderSiteSpace
  readonly sectionTitle: string
  readonly pages: ReadonlyArray<PageEntry>
}

/** Pages for AI tools: not hidden from the navigation, not kept out of search and ask (`noIndex`). */
export const forAi = (page: PageEntry) => !page.hidden && !page.noIndex

/** Pages for search engines' robots: listed, not `noRobotsIndex`, on a site that is not unlisted. */
const forRobots = (page: PageEntry) => !page.hidden && !page.noRobotsIndex

/** `<page>.md`: where a page's markdown is read. */
export const markdownHref = (page: PageEntry, siteSpaceRoot: string) =>
  page.href === siteSpaceRoot ? `${siteSpaceRoot}/${page.path.split("/").map(encodeURIComponent).join("/")}.md` : `${page.href}.md`

const heading = (group: SiteSpacePages, many: boolean) =>
  many ? (group.sectionTitle === group.siteSpace.title ? group.siteSpace.title : `${group.sectionTitle}: ${group.siteSpace.title}`) : undefined

/** A line of markdown text: no line breaks, and the characters that would end a link's text escaped. */
const inline = (text: string) => text.replace(/[\r\n]+/g, " ").replace(/([\\[\]])/g, "\\$1")

/**
 * `llms.txt` as the convention (llmstxt.org) writes it: the site's title as the H1, then, per
 * site space (a section's H2 when the site has several), a list of links to each page's
 * markdown, with its description.
 */
export const llmsTxt = (site: ReaderSite, groups: ReadonlyArray<SiteSpacePages>, rootOf: (s: ReaderSiteSpace) => string): string => {
  const many = groups.length > 1
  const lines = [`# ${inline(site.site.title)}`, ""]
  for (const group of groups) {
    const title = heading(group, many)
    if (title !== undefined) lines.push(`## ${inline(title)}`, "")
    for (const page of group.pages.filter(forAi)) {
      const description = page.description === undefined || page.description === "" ? "" : `: ${inline(page.description)}`
      lines.push(`- [${inline(page.title)}](${markdownHref(page, rootOf(group.siteSpace))})${description}`)
    }
    lines.push("")
  }
  return lines.join("\n")
}

/** `llms-full.txt`: every page's markdown, in navigation order, each after a line naming its source. */
export const llmsFullTxt = (
  site: ReaderSite,
  pages: ReadonlyArray<{ readonly entry: PageEntry; readonly markdown: string }>
): string =>
  [`# ${inline(site.site.title)}`, "", ...pages.filter((p) => forAi(p.entry)).flatMap((p) => [`<!-- Source: ${p.entry.href} -->`, "", p.markdown.trim(), ""])].join("\n")

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** `sitemap.xml`: the pages robots may index; none on an unlisted site. */
export const sitemapXml = (site: ReaderSite, groups: ReadonlyArray<SiteSpacePages>): string => {
  const urls = site.site.visibility === "unlisted" ? [] : groups.flatMap((g) => g.pages.filter(forRobots).map((p) => p.href))
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...[...new Set(urls)].map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`),
    `</urlset>`,
    ""
  ].join("\n")
}

/** `robots.txt`: a public site is open to robots, with its sitemap; any other is closed. */
export const robotsTxt = (base: string, open: boolean): string =>
  open ? `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n` : "User-agent: *\nDisallow: /\n"
