import { renderDocument, renderHeader } from "./chrome.js"
import { escapeHtml } from "./escape.js"
import type { ReaderNotFoundView } from "./views.js"

/** A 404: in the site's chrome, with a link home, when the site is known; else a bare page. Never indexed. */
export const renderNotFoundHtml = (view: ReaderNotFoundView): string => {
  const { chrome } = view
  const home = chrome === undefined ? "" : `<p><a href="${escapeHtml(chrome.site.homeHref)}">Go to ${escapeHtml(chrome.site.title)}</a></p>`
  return renderDocument(
    chrome?.site,
    { title: "Page not found", noIndex: true },
    (chrome === undefined ? "" : renderHeader(chrome)) +
      '<div class="layout"><main><article>' +
      "<h1>Page not found</h1>" +
      `<p>There is no page at <code>${escapeHtml(view.path)}</code>.</p>` +
      home +
      "</article></main></div>"
  )
}
