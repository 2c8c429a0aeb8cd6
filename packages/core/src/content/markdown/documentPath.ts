/**
 * Where a page's document would live in Git, the frame the spec resolves markdown paths
 * in: `guides/setup.md` for a page without children, `guides/README.md` for a page with
 * children, `README.md` for the space's root page (page path "").
 */
export const documentPath = (pagePath: string, options: { readonly hasChildren: boolean }): string => {
  const path = pathSegments(pagePath).join("/")
  if (path === "") return "README.md"
  return options.hasChildren ? `${path}/README.md` : `${path}.md`
}

/** The document path assumed when none is given: the space's root page, so relative links start at the root. */
export const rootDocumentPath = "README.md"

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The non-empty, percent-decoded segments of a `/`-separated path. */
export const pathSegments = (path: string): Array<string> =>
  path
    .split("/")
    .filter((segment) => segment !== "")
    .map(decodeSegment)

/**
 * `segments` with `.` and `..` applied; `..` at the root stays at the root, as URL
 * resolution does.
 */
export const resolveDots = (segments: ReadonlyArray<string>): Array<string> => {
  const resolved: Array<string> = []
  for (const segment of segments) {
    if (segment === ".") continue
    if (segment === "..") resolved.pop()
    else resolved.push(segment)
  }
  return resolved
}

/** The folder holding the document at `path` (its segments). */
export const folderOf = (path: string): Array<string> => resolveDots(pathSegments(path)).slice(0, -1)
