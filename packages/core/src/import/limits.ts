/** The bounds of an import; each refusal names the one it hit. */

/** A single markdown or HTML file, fetched or uploaded. */
export const MAX_IMPORTED_FILE_BYTES = 10 * 1024 * 1024
/** A .docx file (itself a zip: its parts are read under `DOCX_ZIP_LIMITS` first). */
export const MAX_DOCX_BYTES = 50 * 1024 * 1024
/** A zip as downloaded (compressed). */
export const MAX_ZIP_BYTES = 100 * 1024 * 1024
/** Entries in a zip, folders included. */
export const MAX_ZIP_ENTRIES = 10_000
/** All of a zip's files once inflated: counted while inflating, so a zip bomb stops here. */
export const MAX_ZIP_TOTAL_BYTES = 500 * 1024 * 1024
/** One file of a zip once inflated. */
export const MAX_ZIP_FILE_BYTES = 50 * 1024 * 1024

/** Pages a website crawl imports at most. */
export const MAX_WEBSITE_PAGES = 200
/** Links followed from the start page: 0 imports the start page alone. */
export const MAX_WEBSITE_DEPTH = 5
/** Fetches a crawl makes at most, pages that are skipped (not HTML, failed, empty) included. */
export const MAX_WEBSITE_FETCHES = 400
/** Pages a crawl fetches at once. */
export const WEBSITE_CONCURRENCY = 4
/** One page of a crawled website. */
export const MAX_WEBSITE_PAGE_BYTES = 5 * 1024 * 1024

/** One outbound fetch, redirects included. */
export const FETCH_TIMEOUT_MS = 30_000
/** Redirects one fetch follows. */
export const FETCH_MAX_REDIRECTS = 5

export interface ZipLimits {
  readonly maxEntries: number
  readonly maxTotalBytes: number
  readonly maxFileBytes: number
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxTotalBytes: MAX_ZIP_TOTAL_BYTES,
  maxFileBytes: MAX_ZIP_FILE_BYTES
}

/** A .docx's parts: a Word document of text and a few images stays far below. */
export const DOCX_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxFileBytes: 50 * 1024 * 1024
}

export interface WebsiteLimits {
  readonly maxPages: number
  readonly maxDepth: number
  readonly maxFetches: number
  readonly maxPageBytes: number
}

export const WEBSITE_LIMITS: WebsiteLimits = {
  maxPages: MAX_WEBSITE_PAGES,
  maxDepth: MAX_WEBSITE_DEPTH,
  maxFetches: MAX_WEBSITE_FETCHES,
  maxPageBytes: MAX_WEBSITE_PAGE_BYTES
}
