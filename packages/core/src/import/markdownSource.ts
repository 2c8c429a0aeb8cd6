import { Effect } from "effect"
import type { ImportedPage } from "../content/tree/importPages.js"
import { decodeText } from "./decodeText.js"
import { ImportRefused, NothingToImport } from "./importErrors.js"
import { MAX_IMPORTED_FILE_BYTES } from "./limits.js"
import { splitTitle, titleFromName } from "./titles.js"

/** One markdown file → one page, titled by its first `# ` heading or by its file name. */
export const markdownToPages = (bytes: Uint8Array, name: string) =>
  Effect.gen(function* () {
    if (bytes.length > MAX_IMPORTED_FILE_BYTES) {
      return yield* new ImportRefused({ message: `${name} is larger than ${MAX_IMPORTED_FILE_BYTES} bytes, the most a markdown file may be` })
    }
    const text = yield* decodeText(bytes, name)
    if (text.trim() === "") return yield* new NothingToImport({ message: `${name} is empty` })
    const page = splitTitle(text, titleFromName(name))
    const imported: ImportedPage = { title: page.title, markdown: page.markdown }
    return [imported] as ReadonlyArray<ImportedPage>
  })
