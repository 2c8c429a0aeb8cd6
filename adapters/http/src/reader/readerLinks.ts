/**
 * A page's markdown as the reader serves it: the content engine's stable links, `/pages/<id>`
 * (with an anchor) and `/files/<id>`, made the reader's own addresses. A link to a page the site
 * space does not show is left as it is (it leads to the reader's 404).
 */
export const readerMarkdown = (
  markdown: string,
  pageHref: (pageId: string) => string | undefined,
  fileHref: (fileId: string) => string
): string =>
  markdown.replace(/\]\(\/(pages|files)\/([A-Za-z0-9_%.-]+)(#[^)\s]*)?(?=[)\s])/g, (whole, kind: string, encoded: string, anchor: string | undefined) => {
    let id: string
    try {
      id = decodeURIComponent(encoded)
    } catch {
      return whole
    }
    if (kind === "files") return `](${fileHref(id)})`
    const href = pageHref(id)
    return href === undefined ? whole : `](${href}${anchor ?? ""})`
  })

/** Where the reader serves a site space's files: `<site space>/~files/<id>`. */
export const FILES_SEGMENT = "~files"

/** `readerMarkdown` for a site space whose pages are `entries` and whose address is `root`. */
export const linkReaderMarkdown = (entries: ReadonlyArray<{ readonly id: string; readonly href: string }>, root: string) => {
  const hrefs = new Map(entries.map((e) => [e.id, e.href]))
  return (markdown: string): string =>
    readerMarkdown(markdown, (id) => hrefs.get(id), (id) => `${root}/${FILES_SEGMENT}/${encodeURIComponent(id)}`)
}
