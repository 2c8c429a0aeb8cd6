/** The reader's whole documents: a page, a search's results, a 404. */
export { renderNotFoundHtml } from "./notFoundPage.js"
export { renderPageHtml } from "./readerPage.js"
export { renderSearchHtml } from "./searchPage.js"
