import { Effect } from "effect"
import { decodeText } from "./decodeText.js"
import { ImportRefused, NothingToImport } from "./importErrors.js"
import { MAX_ZIP_BYTES, ZIP_LIMITS, type ZipLimits } from "./limits.js"
import { type PathPage, pagesByPath } from "./pathTree.js"
import { splitTitle, titleFromName } from "./titles.js"
import { unzipFolder } from "./unzipFolder.js"

const isMarkdown = (path: string) => /\.(md|markdown)$/i.test(path)
const isReadme = (name: string) => /^readme\.(md|markdown)$/i.test(name)

const bySegments = (a: PathPage, b: PathPage) => {
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
    const order = a.path[i]!.localeCompare(b.path[i]!, "en", { numeric: true })
    if (order !== 0) return order
  }
  return a.path.length - b.path.length
}

/**
 * The plain reading of a folder's files: each markdown file a page, `README.md` the page of
 * its folder, pages in path order (numbers in names by value), folders without a README as group pages. The layout reader
 * (`SUMMARY.md`, frontmatter) replaces it where the folder follows Quire's layout.
 */
export const folderToPages = (files: ReadonlyMap<string, Uint8Array>) =>
  Effect.gen(function* () {
    const found: Array<PathPage> = []
    for (const path of [...files.keys()].filter(isMarkdown)) {
      const segments = path.split("/")
      const name = segments[segments.length - 1]!
      const text = yield* decodeText(files.get(path)!, path)
      const folderPage = isReadme(name)
      const at = folderPage ? segments.slice(0, -1) : [...segments.slice(0, -1), name.replace(/\.(md|markdown)$/i, "")]
      const fallback = at.length === 0 ? "Introduction" : titleFromName(at[at.length - 1]!)
      found.push({ path: at, ...splitTitle(text, fallback) })
    }
    if (found.length === 0) return yield* new NothingToImport({ message: "the folder has no markdown file (.md)" })
    return yield* pagesByPath(found.sort(bySegments), { groups: true })
  })

/** A zip of markdown → pages: `unzipFolder` under the zip limits, then `folderToPages`. */
export const zipToPages = (bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS) =>
  Effect.gen(function* () {
    if (bytes.length > MAX_ZIP_BYTES) {
      return yield* new ImportRefused({ message: `the zip is larger than ${MAX_ZIP_BYTES} bytes, the most Quire reads` })
    }
    return yield* folderToPages(yield* unzipFolder(bytes, limits))
  })
