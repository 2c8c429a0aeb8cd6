/**
 * The names the Git layout gives: where the table of contents, the assets and their index
 * live, and which page file names are taken by them.
 */

/** The table of contents, at the top of the project directory. */
export const SUMMARY_FILE = "SUMMARY.md"
/** A folder's own page. */
export const README_FILE = "README.md"
/** GitBook's folder of assets (uploaded files). */
export const ASSETS_FOLDER = ".gitbook/assets"
/** Quire's index of the assets: each one's file id, name and media type. */
export const FILES_MANIFEST = ".gitbook/files.yaml"

const reservedAtRoot = new Set(["summary", ".gitbook"])

/** Whether `name` cannot be a page's file or folder name in this folder (compared as a case-insensitive checkout would). */
const reserved = (name: string, atRoot: boolean) => name.toLowerCase() === "readme" || (atRoot && reservedAtRoot.has(name.toLowerCase()))

/**
 * The file (or folder) name of each sibling page, by its slug: the slug itself, unless the
 * layout reserves it (`README`; `SUMMARY` and `.gitbook` at the top), then `<slug>-<n>`
 * with the smallest `n` no sibling uses. A page whose name is not its slug keeps its slug
 * in its frontmatter.
 */
export const pageFileNames = (slugs: ReadonlyArray<string>, atRoot: boolean): ReadonlyArray<string> => {
  const taken = new Set(slugs.map((slug) => slug.toLowerCase()))
  return slugs.map((slug) => {
    if (!reserved(slug, atRoot)) return slug
    for (let n = 2; ; n++) {
      const name = `${slug}-${n}`
      if (!taken.has(name.toLowerCase()) && !reserved(name, atRoot)) {
        taken.add(name.toLowerCase())
        return name
      }
    }
  })
}

/** The page path a page file or folder names: its name without `.md`, or its folder's name for a `README.md`. */
export const nameOfPageFile = (path: string): string | undefined => {
  const segments = path.split("/")
  const last = segments[segments.length - 1]!
  if (last.toLowerCase() === README_FILE.toLowerCase()) return segments.length > 1 ? segments[segments.length - 2] : undefined
  return last.replace(/\.md$/i, "")
}

/** A path as a link destination: `%` escaped, since a reader `%`-decodes links (a slug may hold `%41`). */
export const linkToPath = (path: string): string => path.replace(/%/g, "%25")

/** Whether `path` is a markdown file. */
export const isMarkdownFile = (path: string): boolean => /\.md$/i.test(path)

/** `/`, `\`, and the control characters (built from code points: a literal range of them reads as a mistake). */
const unsafeInName = new RegExp(`[/\\\\${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}]`, "g")

/**
 * The names of files in the assets folder, in the files' order: each file's name made safe
 * for a path (no `/`, `\` or control characters), then `<stem> (<n>)<extension>` as GitBook
 * does while a name is taken (compared case-insensitively).
 */
export const assetFileNames = (names: ReadonlyArray<string>): ReadonlyArray<string> => {
  const taken = new Set<string>()
  return names.map((name) => {
    const safe = name.replace(unsafeInName, "-")
    const base = safe === "" || safe === "." || safe === ".." || safe.toLowerCase() === ".git" ? "file" : safe
    const dot = base.lastIndexOf(".")
    const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ""]
    let candidate = base
    for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

const mediaTypes: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
  ico: "image/x-icon",
  pdf: "application/pdf",
  json: "application/json",
  zip: "application/zip",
  txt: "text/plain",
  csv: "text/csv",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg"
}

/** The media type a file name suggests, for an asset the index does not describe. */
export const mediaTypeOfName = (name: string): string => {
  const dot = name.lastIndexOf(".")
  return (dot < 0 ? undefined : mediaTypes[name.slice(dot + 1).toLowerCase()]) ?? "application/octet-stream"
}
