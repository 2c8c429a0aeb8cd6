import { renderDocument, renderHeader } from "./chrome.js"
import { escapeHtml } from "./escape.js"
import type { OutlineEntry } from "./headingIds.js"
import { markdownToHtml } from "./markdownToHtml.js"
import { renderSidebar } from "./sidebar.js"
import type { ReaderLink, ReaderPageView } from "./views.js"

const renderOutline = (outline: ReadonlyArray<OutlineEntry>): string =>
  outline.length === 0
    ? ""
    : `<nav aria-label="On this page"><p class="group-title">On this page</p><ul>${outline
        .map((entry) => `<li class="depth-${entry.depth}"><a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.title)}</a></li>`)
        .join("")}</ul></nav>`

const paginationLink = (link: ReaderLink | undefined, rel: "prev" | "next", label: string): string =>
  link === undefined ? "" : `<a rel="${rel}" href="${escapeHtml(link.href)}"><span>${label}</span>${escapeHtml(link.title)}</a>`

const renderPagination = (view: ReaderPageView): string =>
  view.previous === undefined && view.next === undefined
    ? ""
    : `<nav aria-label="Pagination">${paginationLink(view.previous, "prev", "Previous")}${paginationLink(view.next, "next", "Next")}</nav>`

/** A page of a published site: the chrome, the sidebar, the page's rendered markdown with its outline, previous and next. */
export const renderPageHtml = (view: ReaderPageView): string => {
  const { page } = view
  const body = markdownToHtml(page.markdown)
  const description = page.description === undefined || page.description === "" ? "" : `<p class="description">${escapeHtml(page.description)}</p>`
  return renderDocument(
    view.site,
    {
      title: page.title,
      noIndex: view.noIndex,
      description: page.description,
      canonicalUrl: page.canonicalUrl,
      markdownHref: page.markdownHref
    },
    renderHeader(view) +
      '<div class="layout">' +
      renderSidebar(view.sidebar) +
      "<main>" +
      `<article><h1>${escapeHtml(page.title)}</h1>${description}<div class="content">${body.html}</div>${renderPagination(view)}</article>` +
      renderOutline(body.outline) +
      "</main></div>"
  )
}
