import { Effect } from "effect"
import { InvalidInput } from "../../shared/errors.js"
import { makeId } from "../../shared/ids.js"
import { pathSegments, resolveDots } from "../markdown/documentPath.js"
import type { ParsedDocument } from "../markdown/parseDocument.js"
import { slugify } from "../markdown/slugify.js"
import { MarkdownRefused, MarkdownWork } from "../markdown/work/MarkdownWork.js"
import type { ImportedFile, ImportedPage } from "../tree/importPages.js"
import { readAssets } from "./assets.js"
import { ASSETS_FOLDER, FILES_MANIFEST, isMarkdownFile, nameOfPageFile, README_FILE, SUMMARY_FILE } from "./layoutPaths.js"
import { type LayoutOptions, projectPrefix } from "./LayoutOptions.js"
import { type PageFromFile, readPageFile, validSlug } from "./pageFile.js"
import { readSummary, type SummaryEntry } from "./summary.js"
import { summaryParts } from "./summaryParts.js"

/** Something the layout holds that the import leaves out, and why. */
export interface SkippedEntry {
  /** The repository path it is in. */
  readonly path: string
  readonly reason: string
}

/** What `readLayout` found: the pages for `importPages` (parents first, siblings in order) and the files. */
export interface LayoutImport {
  readonly pages: ReadonlyArray<ImportedPage>
  readonly files: ReadonlyArray<ImportedFile>
  readonly skipped: ReadonlyArray<SkippedEntry>
}

/** A page found in the layout, before it has an id; `path` is its file (none for a group made from a folder or a heading). */
interface Found {
  readonly page: PageFromFile
  readonly path: string | undefined
  readonly children: ReadonlyArray<Found>
}

/** Each page file's text read by the markdown work, or why it was refused, by its path in the project directory. */
type Documents = ReadonlyMap<string, ParsedDocument | MarkdownRefused>

/** A page found, whose file (if any) is read once every file has been parsed. */
interface Pending {
  readonly page: (documents: Documents) => PageFromFile
  readonly path: string | undefined
  readonly children: ReadonlyArray<Pending>
}

const scheme = /^[a-z][a-z0-9+.-]*:|^\/\//i
const utf8 = new TextDecoder("utf-8", { fatal: true })

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Where the pages are and which texts to parse, synchronous; throws `InvalidInput` naming the file at fault. */
const findPages = (files: ReadonlyMap<string, Uint8Array | string>, prefix: string) => {
  const local = new Map<string, Uint8Array | string>()
  for (const [path, content] of files) if (path.startsWith(prefix)) local.set(path.slice(prefix.length), content)
  const skipped: Array<SkippedEntry> = []
  const text = (path: string): string | undefined => {
    const content = local.get(path)
    if (content === undefined || typeof content === "string") return content
    try {
      return utf8.decode(content)
    } catch {
      throw InvalidInput.of(`${prefix}${path}`, "is not UTF-8 text")
    }
  }
  const texts = new Map<string, string>()
  const pageAt = (path: string, fallbackTitle: string | undefined) => {
    texts.set(path, text(path)!)
    return (documents: Documents): PageFromFile => {
      const parsed = documents.get(path)!
      if (parsed instanceof MarkdownRefused) throw InvalidInput.of(`${prefix}${path}`, parsed.message)
      return readPageFile(`${prefix}${path}`, parsed, nameOfPageFile(path), fallbackTitle)
    }
  }
  const group = (page: PageFromFile) => () => page
  const isPageFile = (path: string) => isMarkdownFile(path) && !path.startsWith(".gitbook/") && path !== SUMMARY_FILE
  const used = new Set<string>()

  const fromSummary = (entries: ReadonlyArray<SummaryEntry>): Array<Pending> =>
    entries.flatMap((entry): Array<Pending> => {
      const title = entry.title === "" ? undefined : entry.title
      if (entry.target === undefined) {
        return [{ page: group({ type: "group", title: title ?? "Untitled" }), path: undefined, children: fromSummary(entry.children) }]
      }
      const summaryPath = `${prefix}${SUMMARY_FILE}`
      if (scheme.test(entry.target.trim())) {
        skipped.push({ path: summaryPath, reason: `the link "${entry.title}" (${entry.target}): Quire imports no link pages` })
        return []
      }
      const path = resolveDots(pathSegments(entry.target.trim().replace(/[?#].*$/, ""))).join("/")
      if (!isMarkdownFile(path)) throw InvalidInput.of(summaryPath, `names "${entry.target}", which is not a markdown file`)
      if (!local.has(path)) throw InvalidInput.of(summaryPath, `names "${path}", which is not in the repository`)
      if (used.has(path)) throw InvalidInput.of(summaryPath, `names "${path}" twice`)
      used.add(path)
      return [{ page: pageAt(path, title), path, children: fromSummary(entry.children) }]
    })

  const fromFolder = (folder: string): Array<Pending> => {
    const named = new Map<string, { file?: string; folder?: string }>()
    let readme: string | undefined
    for (const path of local.keys()) {
      if (!path.startsWith(folder) || !isPageFile(path)) continue
      const rest = path.slice(folder.length)
      const slash = rest.indexOf("/")
      if (slash < 0) {
        if (rest.toLowerCase() === README_FILE.toLowerCase()) {
          if (folder === "") readme = path
          continue
        }
        const key = rest.replace(/\.md$/i, "")
        named.set(key, { ...named.get(key), file: path })
      } else {
        const key = rest.slice(0, slash)
        named.set(key, { ...named.get(key), folder: `${folder}${key}/` })
      }
    }
    const out: Array<Pending> = []
    if (readme !== undefined) out.push({ page: pageAt(readme, undefined), path: readme, children: [] })
    for (const key of [...named.keys()].sort(compareNames)) {
      const { file, folder: sub } = named.get(key)!
      if (file !== undefined) out.push({ page: pageAt(file, undefined), path: file, children: [] })
      if (sub === undefined) continue
      const own = [...local.keys()].find((path) => path.toLowerCase() === `${sub}${README_FILE}`.toLowerCase())
      const children = fromFolder(sub)
      out.push(
        own !== undefined
          ? { page: pageAt(own, undefined), path: own, children }
          : { page: group({ type: "group", title: key, slug: validSlug(key) ? key : slugify(key) }), path: undefined, children }
      )
    }
    return out
  }

  const summary = text(SUMMARY_FILE)
  const found = summary !== undefined ? fromSummary(summaryEntries(summary, `${prefix}${SUMMARY_FILE}`)) : fromFolder("")
  if (summary !== undefined) {
    for (const path of [...local.keys()].filter(isPageFile).sort()) {
      if (!used.has(path)) skipped.push({ path: `${prefix}${path}`, reason: `not listed in ${SUMMARY_FILE}` })
    }
  }
  for (const path of [...local.keys()].sort()) {
    if (!isMarkdownFile(path) && !path.startsWith(`${ASSETS_FOLDER}/`) && path !== FILES_MANIFEST) {
      skipped.push({ path: `${prefix}${path}`, reason: `neither a page nor an asset (assets go in ${ASSETS_FOLDER}/)` })
    }
  }
  const assets = new Map<string, Uint8Array>()
  for (const [path, content] of local) {
    if (path.startsWith(`${ASSETS_FOLDER}/`)) assets.set(path, typeof content === "string" ? new TextEncoder().encode(content) : content)
  }
  return { found, texts, files: readAssets(assets, text(FILES_MANIFEST), `${prefix}${FILES_MANIFEST}`), skipped }
}

/** `SUMMARY.md`'s entries, read in parts within the limits the engine sets on any markdown it reads (`summaryParts`). */
const summaryEntries = (markdown: string, path: string): ReadonlyArray<SummaryEntry> => {
  const split = summaryParts(markdown)
  if ("violation" in split) throw InvalidInput.of(path, `${split.violation.message} (in the entries from line ${split.line})`)
  try {
    return readSummary(split.parts)
  } catch (error) {
    throw InvalidInput.of(path, `could not be read as markdown (${error instanceof RangeError ? "it nests too deeply" : String(error)})`)
  }
}

/** Every page file parsed once, through the markdown work (worker threads in the server), outside any transaction. */
const parseAll = (texts: ReadonlyMap<string, string>) =>
  Effect.gen(function* () {
    const parsed = yield* (yield* MarkdownWork).prepareEach([...texts.values()])
    const paths = [...texts.keys()]
    return new Map(paths.map((path, index) => [path, parsed[index]!])) as Documents
  })

/** The pages read from their parsed files, in reading order (the first refused file is the one named). */
const resolve = (pending: ReadonlyArray<Pending>, documents: Documents): Array<Found> =>
  pending.map((entry) => ({ page: entry.page(documents), path: entry.path, children: resolve(entry.children, documents) }))

const where = (found: Found) => (found.path !== undefined ? `"${found.path}"` : `the group "${found.page.title}"`)

/** Two siblings with one slug, or two pages with one id, are refused, naming both. */
const checkUnique = (found: ReadonlyArray<Found>, prefix: string) => {
  const ids = new Map<string, Found>()
  const visit = (siblings: ReadonlyArray<Found>) => {
    const slugs = new Map<string, Found>()
    for (const entry of siblings) {
      const slug = entry.page.slug ?? slugify(entry.page.title)
      const other = slugs.get(slug)
      if (other !== undefined) {
        throw InvalidInput.of(`${prefix}${entry.path ?? SUMMARY_FILE}`, `has the slug "${slug}", as ${where(other)} in the same parent: give one a \`slug\` in its frontmatter`)
      }
      slugs.set(slug, entry)
      if (entry.page.id !== undefined) {
        const same = ids.get(entry.page.id)
        if (same !== undefined) throw InvalidInput.of(`${prefix}${entry.path}`, `has the id "${entry.page.id}", as ${where(same)}`)
        ids.set(entry.page.id, entry)
      }
      visit(entry.children)
    }
  }
  visit(found)
}

const checkFileIds = (files: ReadonlyArray<ImportedFile>, prefix: string) => {
  const seen = new Set<string>()
  for (const file of files) {
    if (file.id === undefined) continue
    if (seen.has(file.id)) throw InvalidInput.of(`${prefix}${FILES_MANIFEST}`, `gives the id "${file.id}" to two assets`)
    seen.add(file.id)
  }
}

/** Runs synchronous reading code that throws `InvalidInput` for what it refuses; anything else thrown is a defect. */
const refusals = <A>(read: () => A): Effect.Effect<A, InvalidInput> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(read())
    } catch (error) {
      if (error instanceof InvalidInput) return Effect.fail(error)
      throw error
    }
  })

/**
 * Reads the files of a Git tree (repository paths) in the layout `writeLayout` writes, as
 * the input of `importPages`. With `SUMMARY.md`, its lists are the tree and their order the
 * order; without it, folders are (a folder's `README.md` is its page, a folder without one a
 * group named after it), ordered by name, the top `README.md` first. `InvalidInput` naming
 * the file at fault: a `SUMMARY.md` naming a missing file, two pages with one slug in one
 * parent, no pages at all, a page that is not valid markdown.
 */
export const readLayout = (files: ReadonlyMap<string, Uint8Array | string>, options: LayoutOptions = {}) =>
  Effect.gen(function* () {
    const prefix = projectPrefix(options)
    if (prefix instanceof InvalidInput) return yield* Effect.fail(prefix)
    const pending = yield* refusals(() => findPages(files, prefix))
    const documents = yield* parseAll(pending.texts)
    const read = { ...pending, found: yield* refusals(() => resolve(pending.found, documents)) }
    if (read.found.length === 0) {
      const field = prefix === "" ? "url" : "repoProjectDirectory"
      return yield* Effect.fail(
        new InvalidInput({ field, message: `The repository has no pages${prefix === "" ? "" : ` under "${prefix.slice(0, -1)}"`} (no markdown files)` })
      )
    }
    yield* refusals(() => checkUnique(read.found, prefix))
    yield* refusals(() => checkFileIds(read.files, prefix))
    const pages: Array<ImportedPage> = []
    const place = (siblings: ReadonlyArray<Found>, parent: string | null): Effect.Effect<void> =>
      Effect.forEach(
        siblings,
        (entry) =>
          Effect.gen(function* () {
            const id = entry.page.id ?? (yield* makeId<string>())
            pages.push({ ...entry.page, id, parent })
            yield* place(entry.children, id)
          }),
        { discard: true }
      )
    yield* place(read.found, null)
    return { pages, files: read.files, skipped: read.skipped } satisfies LayoutImport
  })
