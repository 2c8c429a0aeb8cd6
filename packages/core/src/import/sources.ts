import { Effect, Schema } from "effect"
import { Fetcher } from "../outbound/Fetcher.js"
import { redactUrl } from "../outbound/redactUrl.js"
import { docxToPages } from "./docxSource.js"
import { htmlToPages } from "./htmlSource.js"
import { UnreadableSource } from "./importErrors.js"
import { FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, MAX_IMPORTED_FILE_BYTES, MAX_DOCX_BYTES, MAX_ZIP_BYTES } from "./limits.js"
import { markdownToPages } from "./markdownSource.js"
import { crawlWebsite } from "./websiteSource.js"
import { zipToPages } from "./zipSource.js"

/** The `source` of an import request. */
export const ImportSource = Schema.Literal("markdown", "zip", "html", "website", "docx")
export type ImportSource = typeof ImportSource.Type

/** The sources that are one file, and the most each may weigh. */
export const MAX_SOURCE_BYTES = {
  markdown: MAX_IMPORTED_FILE_BYTES,
  html: MAX_IMPORTED_FILE_BYTES,
  docx: MAX_DOCX_BYTES,
  zip: MAX_ZIP_BYTES
} as const satisfies Record<Exclude<ImportSource, "website">, number>

/** One file's bytes → pages, by its source (`name` gives the title when the file has none). */
export const pagesFromBytes = (
  source: Exclude<ImportSource, "website">,
  bytes: Uint8Array,
  name: string,
  options: { readonly url?: string; readonly contentType?: string } = {}
) => {
  switch (source) {
    case "markdown":
      return markdownToPages(bytes, name)
    case "html":
      return htmlToPages(bytes, name, options)
    case "docx":
      return docxToPages(bytes, name)
    case "zip":
      return zipToPages(bytes)
  }
}

/** The name a URL's file goes by: its last path segment, else its host. */
const fileName = (url: string) => {
  const parsed = new URL(url)
  return parsed.pathname.split("/").filter((part) => part !== "").pop() ?? parsed.hostname
}

/**
 * An import request's `{url, source}` → pages, every request through the `Fetcher`: a website
 * is crawled; any other source is fetched once (capped at its `MAX_SOURCE_BYTES`) and converted.
 */
export const pagesFromUrl = (source: ImportSource, url: string) =>
  Effect.gen(function* () {
    if (source === "website") return yield* crawlWebsite(url)
    const fetcher = yield* Fetcher
    const fetched = yield* fetcher.fetch(url, { maxBytes: MAX_SOURCE_BYTES[source], timeoutMs: FETCH_TIMEOUT_MS, maxRedirects: FETCH_MAX_REDIRECTS })
    if (fetched.status < 200 || fetched.status >= 300) {
      return yield* new UnreadableSource({ message: `${redactUrl(url)} answered HTTP ${fetched.status}` })
    }
    return yield* pagesFromBytes(source, fetched.body, fileName(fetched.url), { url: fetched.url, ...(fetched.contentType === undefined ? {} : { contentType: fetched.contentType }) })
  })
