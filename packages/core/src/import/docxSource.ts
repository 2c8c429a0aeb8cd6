import { Effect } from "effect"
import { lazyRequire } from "../shared/lazyRequire.js"
import { ImportRefused, NothingToImport, UnreadableSource } from "./importErrors.js"
import { DOCX_ZIP_LIMITS, MAX_DOCX_BYTES } from "./limits.js"
import { pageOfReading } from "./htmlSource.js"
import { readHtml } from "./readHtml.js"
import { titleFromName } from "./titles.js"
import { unzipFolder } from "./unzipFolder.js"

/** Word's `Title` paragraph style is the document's title, as a `Heading 1` would be. */
const styleMap = ["p[style-name='Title'] => h1:fresh"]

/** mammoth, loaded at the first .docx import (see `lazyRequire`). */
const mammoth = lazyRequire<typeof import("mammoth")>("mammoth")

/** Images are left out: a page import carries no files, and inlined as data URLs they would swell the body. */
const noImages = () => mammoth().images.imgElement(() => Promise.resolve({ src: "" }))

/**
 * A .docx → one page: its parts read under `DOCX_ZIP_LIMITS` first (mammoth inflates them
 * without bounds, so a docx bomb stops here), then mammoth's HTML, then the HTML reading (its
 * first heading is the title, else the file name).
 */
export const docxToPages = (bytes: Uint8Array, name: string) =>
  Effect.gen(function* () {
    if (bytes.length > MAX_DOCX_BYTES) {
      return yield* new ImportRefused({ message: `${name} is larger than ${MAX_DOCX_BYTES} bytes, the most a .docx may be` })
    }
    const parts = yield* unzipFolder(bytes, DOCX_ZIP_LIMITS, name)
    if (!parts.has("word/document.xml")) return yield* new UnreadableSource({ message: `${name} is not a Word document (.docx)` })
    const converted = yield* Effect.tryPromise({
      try: () => mammoth().convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) }, { styleMap, convertImage: noImages() }),
      catch: () => new UnreadableSource({ message: `${name} is not a readable Word document (.docx)` })
    })
    const page = pageOfReading(readHtml(converted.value), titleFromName(name))
    if (page === undefined) return yield* new NothingToImport({ message: `${name} has no text` })
    return [page]
  })
