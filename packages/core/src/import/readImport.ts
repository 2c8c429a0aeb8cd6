import { Effect } from "effect"
import { readLayout } from "../content/layout/readLayout.js"
import type { ImportedFile, ImportedPage } from "../content/tree/importPages.js"
import { Fetcher } from "../outbound/Fetcher.js"
import type { FetchFailed, FetchRefused } from "../outbound/fetchErrors.js"
import { redactUrl } from "../outbound/redactUrl.js"
import { InvalidInput } from "../shared/errors.js"
import { type ImportError, UnreadableSource } from "./importErrors.js"
import { FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, MAX_ZIP_BYTES } from "./limits.js"
import { type ImportSource, pagesFromUrl } from "./sources.js"
import { unzipFolder } from "./unzipFolder.js"

/** What a source holds, ready for `ContentEngine.importPages`: pages parents first, files, and how many resources it had. */
export interface ImportReading {
  readonly pages: ReadonlyArray<ImportedPage>
  readonly files: ReadonlyArray<ImportedFile>
  /** Pages and files found, the entries the reading left out included. */
  readonly total: number
}

/**
 * A zip is a folder in Quire's layout (`readLayout`): `SUMMARY.md` for order, `README.md` for a
 * folder's page, frontmatter, assets. Unzipped under the zip limits first.
 */
const readZip = (url: string) =>
  Effect.gen(function* () {
    const fetcher = yield* Fetcher
    const fetched = yield* fetcher.fetch(url, { maxBytes: MAX_ZIP_BYTES, timeoutMs: FETCH_TIMEOUT_MS, maxRedirects: FETCH_MAX_REDIRECTS })
    if (fetched.status < 200 || fetched.status >= 300) {
      return yield* new UnreadableSource({ message: `${redactUrl(url)} answered HTTP ${fetched.status}` })
    }
    const layout = yield* readLayout(yield* unzipFolder(fetched.body))
    const reading: ImportReading = {
      pages: layout.pages,
      files: layout.files,
      total: layout.pages.length + layout.files.length + layout.skipped.length
    }
    return reading
  })

/**
 * Every way a source can fail, as the `InvalidInput` the API answers (400): the URL given cannot
 * be imported, so the error names `url`, with the converter's or the fetcher's reason.
 */
const asInvalidInput = (error: ImportError | FetchRefused | FetchFailed | InvalidInput): InvalidInput => {
  if (error._tag === "InvalidInput" && error.field === "url") return error
  if (error.message.startsWith('Invalid value for "url"')) return new InvalidInput({ field: "url", message: error.message })
  return InvalidInput.of("url", error._tag === "InvalidInput" ? `${error.field}: ${error.message}` : error.message)
}

/** Fetches and converts `url` as `source`, through the `Fetcher` only; no storage is touched. */
export const readImport = (source: ImportSource, url: string): Effect.Effect<ImportReading, InvalidInput, Fetcher> =>
  source === "zip"
    ? Effect.mapError(readZip(url), asInvalidInput)
    : pagesFromUrl(source, url).pipe(
        Effect.map((pages): ImportReading => ({ pages, files: [], total: pages.length })),
        Effect.mapError(asInvalidInput)
      )
