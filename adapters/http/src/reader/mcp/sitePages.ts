import { joinPath, locatePath, NotFound, type ReaderPage, type ReaderSite, type ReaderSiteSpace, type SiteReader } from "@quire/core"
import { Effect } from "effect"
import { documentPages, type PageEntry } from "../navigation.js"
import { linkReaderMarkdown } from "../readerLinks.js"
import { type SiteSpacePages, forAi } from "../siteTexts.js"

/** A site opened for one visitor, and the address the request reached it at (URLs are made from it). */
export interface OpenedSite {
  readonly reader: SiteReader
  readonly site: ReaderSite
  readonly base: string
}

/** Where a site space's pages are read: its first page's URL. */
export const siteSpaceRoot = (opened: OpenedSite, siteSpace: ReaderSiteSpace) => joinPath(opened.base, siteSpace.urlPath)

/** A page's path under the site, as `read_page` and the reader's URLs take it. */
export const pathOnSite = (siteSpace: ReaderSiteSpace, page: PageEntry) => joinPath(siteSpace.urlPath, page.path)

/** The pages an assistant is shown in lists: as `llms.txt` lists them (not hidden, not `noIndex`). */
export const listedPages = forAi

/** A site space's document pages, in navigation order, hidden ones included. */
export const pagesOf = (opened: OpenedSite, siteSpace: ReaderSiteSpace) =>
  Effect.map(opened.reader.pages(siteSpace), (tree) => documentPages(opened.base, siteSpace, tree))

/** Every site space the visitor is shown, with its section's title and its document pages. */
export const everySiteSpace = (opened: OpenedSite): Effect.Effect<ReadonlyArray<SiteSpacePages>> =>
  Effect.map(
    Effect.forEach(opened.site.sections, (section) =>
      Effect.forEach(section.siteSpaces, (siteSpace) =>
        Effect.map(pagesOf(opened, siteSpace), (pages): SiteSpacePages => ({ siteSpace, sectionTitle: section.title, pages }))
      )
    ),
    (groups) => groups.flat()
  )

const decodeSegments = (path: string): string | undefined => {
  try {
    return path.split("/").map(decodeURIComponent).join("/")
  } catch {
    return undefined
  }
}

/**
 * The path under the site that `text` names: a path as the reader's URLs take it, or an
 * absolute URL under the site's address (percent-decoded, without query or fragment); a
 * trailing `.md` (the markdown's URL) names the page. Undefined for a URL elsewhere.
 */
export const sitePathOf = (opened: OpenedSite, text: string): string | undefined => {
  let path: string | undefined = text
  if (/^https?:\/\//i.test(text)) {
    const rest = text.replace(/[?#].*$/s, "")
    if (rest !== opened.base && !rest.startsWith(`${opened.base}/`)) return undefined
    path = decodeSegments(rest.slice(opened.base.length))
  }
  if (path === undefined) return undefined
  const trimmed = path.replace(/^\/+|\/+$/g, "")
  return trimmed.endsWith(".md") ? trimmed.slice(0, -3) : trimmed
}

/** A page's markdown as the reader serves it at `<page>.md`: its links to pages and files made the reader's addresses. */
export const servedMarkdown = (opened: OpenedSite, siteSpace: ReaderSiteSpace, read: ReaderPage): Effect.Effect<string> =>
  Effect.map(pagesOf(opened, siteSpace), (entries) => linkReaderMarkdown(entries, siteSpaceRoot(opened, siteSpace))(read.markdown))

/** The markdown of the document page at `text` (see `sitePathOf`), as the reader serves it; anything else is `NotFound`. */
export const readByPath = (opened: OpenedSite, text: string) =>
  Effect.gen(function* () {
    const path = sitePathOf(opened, text)
    const located = path === undefined ? undefined : locatePath(opened.site, path)
    if (located === undefined) return yield* Effect.fail(NotFound.of("Page", text))
    const read = yield* opened.reader.page(located.siteSpace, located.pagePath)
    return yield* servedMarkdown(opened, located.siteSpace, read)
  })
