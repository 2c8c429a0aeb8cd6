import { folderOf, pathSegments, resolveDots, rootDocumentPath } from "./documentPath.js"

/**
 * What a link or image destination in a document points at, as the spec's
 * `updateChangeRequestContent` reads markdown links.
 *
 * - `page`: `/pages/<segment>` (one segment, no dot) — a page ID. The spec also lets a top-level page be linked
 *   by its slug this way, so whoever resolves it tries the segment as an ID first and then
 *   as a top-level slug.
 * - `page-path`: a page by its path from the space root, without `.md` and without a
 *   trailing `README` (`""` is the space's root page): from `/pages/a/b`, `/pages/a.md`,
 *   `/pages/a/README.md`, absolute paths (`/guide/setup`), relative markdown links
 *   (`./sibling.md`, `../README.md`) and folder-style links (`./section`), relative ones
 *   resolved against the document's own path in Git.
 * - `file`: `/files/<id>`.
 * - `file-path`: a relative or absolute path with an extension other than `.md`
 *   (`./diagram.png`), which the spec lets name a file uploaded in the same batch.
 * - `url`: anything with a scheme (`https:`, `mailto:`, `data:`) or protocol-relative.
 * - `anchor`: `#anchor` within the same document.
 */
export type DocumentReferenceTarget =
  | { readonly kind: "page"; readonly page: string; readonly anchor?: string }
  | { readonly kind: "page-path"; readonly path: string; readonly anchor?: string }
  | { readonly kind: "file"; readonly file: string }
  | { readonly kind: "file-path"; readonly path: string }
  | { readonly kind: "url"; readonly url: string }
  | { readonly kind: "anchor"; readonly anchor: string }

const scheme = /^[a-z][a-z0-9+.-]*:/i
const markdownFile = /\.md$/i
const fileExtension = /.\.[a-z0-9]+$/i

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

const withAnchor = (anchor: string | undefined) => (anchor === undefined || anchor === "" ? {} : { anchor })

/** The page or file a path (segments from the space root) names. */
const pathTarget = (segments: ReadonlyArray<string>, anchor: string | undefined): DocumentReferenceTarget => {
  const resolved = resolveDots(segments)
  const last = resolved.at(-1)
  if (last !== undefined && !markdownFile.test(last) && fileExtension.test(last)) {
    return { kind: "file-path", path: resolved.join("/") }
  }
  if (last !== undefined && markdownFile.test(last)) {
    resolved.pop()
    const name = last.slice(0, -".md".length)
    if (name !== "" && name.toLowerCase() !== "readme") resolved.push(name)
  }
  return { kind: "page-path", path: resolved.join("/"), ...withAnchor(anchor) }
}

/**
 * Classifies a link destination found in the document at `documentPath` (its path in Git,
 * see `documentPath`). Undefined for an empty destination, which points nowhere.
 */
export const classifyUrl = (url: string, documentPath: string = rootDocumentPath): DocumentReferenceTarget | undefined => {
  const trimmed = url.trim()
  if (trimmed === "") return undefined
  if (trimmed.startsWith("#")) return { kind: "anchor", anchor: decode(trimmed.slice(1)) }
  if (scheme.test(trimmed) || trimmed.startsWith("//")) return { kind: "url", url: trimmed }
  const hash = trimmed.indexOf("#")
  const anchor = hash === -1 ? undefined : decode(trimmed.slice(hash + 1))
  const withoutHash = hash === -1 ? trimmed : trimmed.slice(0, hash)
  const query = withoutHash.indexOf("?")
  const path = query === -1 ? withoutHash : withoutHash.slice(0, query)
  if (!path.startsWith("/")) return pathTarget([...folderOf(documentPath), ...pathSegments(path)], anchor)
  const segments = pathSegments(path)
  const [area, ...rest] = segments
  if (area === "pages") {
    const [only] = rest
    if (rest.length === 1 && only !== undefined && only !== "." && only !== ".." && !only.includes(".")) {
      return { kind: "page", page: only, ...withAnchor(anchor) }
    }
    return pathTarget(rest, anchor)
  }
  if (area === "files" && rest.length === 1 && rest[0] !== "." && rest[0] !== "..") return { kind: "file", file: rest[0]! }
  return pathTarget(segments, anchor)
}
