import { renderDocument, renderHeader } from "./chrome.js"
import { escapeHtml } from "./escape.js"
import type { ReaderNotFoundView } from "./views.js"

/** A 404 (or the 401 of a site for authenticated visitors): in the site's chrome, with a link home, when the site is known; else a bare page. Never indexed. */
export const renderNotFoundHtml = (view: ReaderNotFoundView): string => {
  const { chrome } = view
  const heading = view.status === 401 ? "Sign-in required" : "Page not found"
  const text = view.message ?? `There is no page at <code>${escapeHtml(view.path)}</code>.`
  const home = chrome === undefined ? "" : `<p><a href="${escapeHtml(chrome.site.homeHref)}">Go to ${escapeHtml(chrome.site.title)}</a></p>`
  return renderDocument(
    chrome?.site,
    { title: heading, noIndex: true },
    (chrome === undefined ? "" : renderHeader(chrome)) +
      '<div class="layout"><main><article>' +
      `<h1>${heading}</h1>` +
      `<p>${view.message === undefined ? text : escapeHtml(text)}</p>` +
      home +
      "</article></main></div>"
  )
}
