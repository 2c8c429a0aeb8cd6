import { renderDocument, renderHeader } from "./chrome.js"
import { escapeHtml } from "./escape.js"
import { renderSidebar } from "./sidebar.js"
import type { ReaderSearchSection, ReaderSearchView } from "./views.js"

/** A search snippet as HTML: its text escaped, then each `**word**` the search matched marked. */
export const snippetHtml = (snippet: string): string => escapeHtml(snippet).replace(/\*\*(.+?)\*\*/gs, "<mark>$1</mark>")

const renderSection = (section: ReaderSearchSection): string =>
  `<li><a href="${escapeHtml(section.href)}">${escapeHtml(section.title)}</a>` +
  (section.snippet === "" ? "" : `<p>${snippetHtml(section.snippet)}</p>`) +
  "</li>"

const renderResults = (view: ReaderSearchView): string => {
  if (view.query.trim() === "") return "<p>Type words to search for.</p>"
  if (view.groups.length === 0) return `<p>No results for “${escapeHtml(view.query)}”.</p>`
  return view.groups
    .map(
      (group) =>
        `<section><h2>${escapeHtml(group.title)}</h2><ul>${group.pages
          .map(
            (page) =>
              `<li><a href="${escapeHtml(page.href)}">${escapeHtml(page.title)}</a>` +
              (page.sections.length === 0 ? "" : `<ul>${page.sections.map(renderSection).join("")}</ul>`) +
              "</li>"
          )
          .join("")}</ul></section>`
    )
    .join("")
}

/**
 * The results of a search of the site, grouped by site space. Never indexed: a results page
 * is a view of the pages, which are indexed themselves.
 */
export const renderSearchHtml = (view: ReaderSearchView): string => {
  const heading = view.query.trim() === "" ? "Search" : `Search results for “${view.query}”`
  return renderDocument(
    view.site,
    { title: heading, noIndex: true },
    renderHeader({ ...view, query: view.query }) +
      '<div class="layout">' +
      renderSidebar(view.sidebar) +
      `<main><article class="results"><h1>${escapeHtml(heading)}</h1>${renderResults(view)}</article></main>` +
      "</div>"
  )
}
