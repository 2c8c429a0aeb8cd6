import { Effect } from "effect"
import type { ImportedPage } from "../content/tree/importPages.js"
import { charsetOf, decodeText } from "./decodeText.js"
import { ImportRefused, NothingToImport } from "./importErrors.js"
import { MAX_IMPORTED_FILE_BYTES } from "./limits.js"
import { type HtmlReading, readHtml } from "./readHtml.js"
import { titleFromName } from "./titles.js"

/** The charset a `<meta>` in the first KB declares, for bytes sent without one in their header. */
const declaredCharset = (bytes: Uint8Array): string | undefined => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024))
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]
}

/** HTML bytes read as text and then as a page (`readHtml`). */
export const readHtmlBytes = (bytes: Uint8Array, what: string, options: { readonly url?: string; readonly contentType?: string } = {}) =>
  Effect.map(
    decodeText(bytes, what, charsetOf(options.contentType) ?? declaredCharset(bytes) ?? "utf-8"),
    (html): HtmlReading => readHtml(html, options.url)
  )

/** A reading as a page, or undefined when the page shows no content (a title alone is none). */
export const pageOfReading = (reading: HtmlReading, fallbackTitle: string): ImportedPage | undefined =>
  reading.markdown.trim() === "" ? undefined : { title: reading.title ?? fallbackTitle, markdown: reading.markdown }

/** One HTML page → one page (see `readHtml`); a page without content is refused. */
export const htmlToPages = (bytes: Uint8Array, name: string, options: { readonly url?: string; readonly contentType?: string } = {}) =>
  Effect.gen(function* () {
    if (bytes.length > MAX_IMPORTED_FILE_BYTES) {
      return yield* new ImportRefused({ message: `${name} is larger than ${MAX_IMPORTED_FILE_BYTES} bytes, the most an HTML page may be` })
    }
    const reading = yield* readHtmlBytes(bytes, name, options)
    const page = pageOfReading(reading, titleFromName(name))
    if (page === undefined) return yield* new NothingToImport({ message: `${name} shows no content once scripts and styles are left out` })
    return [page] as ReadonlyArray<ImportedPage>
  })
