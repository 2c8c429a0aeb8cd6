import { escapeHtml } from "./escape.js"
import type { ReaderNavEntry } from "./views.js"

const current = (entry: { readonly current: boolean }): string => (entry.current ? ' aria-current="page"' : "")

/** An entry's link: a page of the site, or an external link (opens in a new tab, without `window.opener`). */
const entryLink = (entry: ReaderNavEntry & { readonly href: string }): string =>
  entry.external
    ? `<a href="${escapeHtml(entry.href)}" rel="noopener" target="_blank">${escapeHtml(entry.title)}<span aria-hidden="true"> ↗</span></a>`
    : `<a href="${escapeHtml(entry.href)}"${current(entry)}>${escapeHtml(entry.title)}</a>`

const entryList = (entries: ReadonlyArray<ReaderNavEntry>, level: number): string =>
  entries.length === 0 ? "" : `<ul>${entries.map((entry) => navEntry(entry, level)).join("")}</ul>`

/**
 * One entry: a group is a heading over its pages (always shown); a page with pages under it is
 * a `<details>` (open when the page being read is in it, so the tree needs no script).
 */
const navEntry = (entry: ReaderNavEntry, level: number): string => {
  if (entry.href === undefined) {
    const heading = `h${Math.min(level, 6)}`
    return `<li><${heading} class="group-title">${escapeHtml(entry.title)}</${heading}>${entryList(entry.pages, level + 1)}</li>`
  }
  const link = entryLink({ ...entry, href: entry.href })
  if (entry.pages.length === 0) return `<li>${link}</li>`
  return `<li><details${entry.open ? " open" : ""}><summary>${link}</summary>${entryList(entry.pages, level + 1)}</details></li>`
}

/** The sidebar's page tree. */
export const renderSidebar = (entries: ReadonlyArray<ReaderNavEntry>): string =>
  `<nav aria-label="Pages">${entryList(entries, 2)}</nav>`
