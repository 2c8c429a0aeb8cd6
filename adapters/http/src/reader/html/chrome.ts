import { escapeHtml } from "./escape.js"
import { readerStyles } from "./styles.js"
import type { ReaderChrome, ReaderLink, ReaderSiteLook } from "./views.js"

const linkList = (label: string, links: ReadonlyArray<ReaderLink>): string =>
  `<nav aria-label="${label}"><ul>${links
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link.href)}"${link.current ? ' aria-current="page"' : ""}>${escapeHtml(link.title)}</a></li>`
    )
    .join("")}</ul></nav>`

/** The site's header: its title (home), section tabs, variants (two or more) and the search form. */
export const renderHeader = (chrome: ReaderChrome): string =>
  "<header>" +
  `<a class="site-title" href="${escapeHtml(chrome.site.homeHref)}">${escapeHtml(chrome.site.title)}</a>` +
  (chrome.sections.length > 0 ? linkList("Sections", chrome.sections) : "") +
  (chrome.variants.length >= 2 ? linkList("Variants", chrome.variants) : "") +
  `<form role="search" action="${escapeHtml(chrome.searchHref)}" method="get">` +
  `<input type="search" name="q" value="${escapeHtml(chrome.query ?? "")}" placeholder="Search" aria-label="Search">` +
  "</form>" +
  "</header>"

export interface DocumentHead {
  readonly title: string
  readonly noIndex: boolean
  readonly description?: string | undefined
  readonly canonicalUrl?: string | undefined
  readonly markdownHref?: string | undefined
}

/** A whole HTML document: the head (title, robots, links, the inline style sheet) and `body`. */
export const renderDocument = (site: ReaderSiteLook | undefined, head: DocumentHead, body: string): string => {
  const fullTitle = site === undefined ? head.title : `${head.title} | ${site.title}`
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(fullTitle)}</title>`,
    head.description === undefined ? "" : `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.noIndex ? '<meta name="robots" content="noindex">' : "",
    head.canonicalUrl === undefined ? "" : `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    head.markdownHref === undefined ? "" : `<link rel="alternate" type="text/markdown" href="${escapeHtml(head.markdownHref)}">`,
    site?.faviconHref === undefined ? "" : `<link rel="icon" href="${escapeHtml(site.faviconHref)}">`,
    `<style>${readerStyles(site)}</style>`
  ]
  return (
    `<!doctype html>\n<html lang="${escapeHtml(site?.locale ?? "en")}">` +
    `<head>${tags.filter((tag) => tag !== "").join("\n")}</head>\n` +
    `<body>${body}</body></html>\n`
  )
}
