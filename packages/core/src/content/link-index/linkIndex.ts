import type { DocumentReferenceTarget } from "../markdown/classifyUrl.js"
import { documentPath, pathSegments } from "../markdown/documentPath.js"
import { parseTree } from "../markdown/processor.js"
import { referencesIn } from "../markdown/references.js"
import type { PageType } from "../tree/objects.js"
import { extended } from "../../shared/extended.js"

/**
 * The links of one revision, computed from its documents alone (pure). A link is every
 * reference a page's document makes, inline links, images and `[label]: url` definitions, to a
 * page, a file or a URL; a reference to an anchor of the same document is not a link. Each
 * distinct target is one link, with every page that points at it.
 */

/** `ok`; `broken`: a page or file the revision does not hold; `in-app`: a URL into Quire itself. */
export type LinkStatus = "ok" | "broken" | "in-app"

/**
 * What a link points at. A page reference that names no page of the revision keeps the id
 * (or top-level slug) it was written with; a relative or absolute path that names no page,
 * or a file path, is kept as written, as a `url`.
 */
export type LinkTarget =
  | { readonly kind: "url"; readonly url: string }
  | { readonly kind: "page"; readonly page: string }
  | { readonly kind: "anchor"; readonly page: string; readonly anchor: string }
  | { readonly kind: "file"; readonly file: string }

/** One link of one page: its target, and whether the revision holds it. */
export interface PageLink {
  /** Identifies the target: two links with one key point at the same thing. */
  readonly key: string
  readonly target: LinkTarget
  readonly status: LinkStatus
}

/** One distinct target of the revision, and the pages (in tree order) whose documents point at it. */
export interface IndexedLink extends PageLink {
  readonly pages: ReadonlyArray<string>
}

export interface LinkIndex {
  /** Every distinct target, in the order it first appears (pages in tree order, each document in order). */
  readonly links: ReadonlyArray<IndexedLink>
  /** Every page of the revision, with its links (distinct targets, in document order). */
  readonly pages: ReadonlyMap<string, ReadonlyArray<PageLink>>
  /** Every file of the revision, with the pages (in tree order) whose documents point at it. */
  readonly files: ReadonlyMap<string, ReadonlyArray<string>>
}

/** A reference as a link needs it: what it points at, and the destination as written. */
export type LinkReference = DocumentReferenceTarget & { readonly written: string }

/** The references of a document body found at `path` in Git (see `documentPath`); pure. */
export const documentReferences = (markdown: string, path: string): ReadonlyArray<LinkReference> => {
  try {
    return referencesIn(parseTree(markdown), path).map(({ source: _source, text: _text, position: _position, ...reference }) => reference)
  } catch {
    // Only a document stored before the markdown limits can overflow the parser: it has no links, rather than no answer.
    return []
  }
}

/** A page as the index needs it. */
export interface SourcePage {
  readonly id: string
  readonly type: PageType
  readonly slug?: string | undefined
  readonly parent: string | null
  /** The hash of its document; null for a page without one. */
  readonly document: string | null
}

/** A page with where it is: its path (slugs from the root) and its document's path in Git. */
export interface PlacedPage extends SourcePage {
  readonly path: string
  readonly documentPath: string
}

/** A revision's pages placed, and how references find them. */
export interface PageLayout {
  /** In tree order. */
  readonly pages: ReadonlyArray<PlacedPage>
  readonly byId: ReadonlyMap<string, PlacedPage>
  /** A page by its path (`a/b`); `""` is the space's root page, the first document page of the root level. */
  readonly byPath: ReadonlyMap<string, string>
  /** The first root-level page with each slug (`/pages/<slug>` names it when no page has that id). */
  readonly topLevelBySlug: ReadonlyMap<string, string>
}

/**
 * Places pages given in tree order (parents before children, siblings in order), as
 * `pathOfPage`, `pageByPath` and `documentPath` place them.
 */
export const pageLayout = (pages: ReadonlyArray<SourcePage>): PageLayout => {
  const withChildren = new Set<string>()
  for (const page of pages) if (page.parent !== null) withChildren.add(page.parent)
  const placed: Array<PlacedPage> = []
  const byId = new Map<string, PlacedPage>()
  /** A page's slugs from the root; undefined when one of them is missing (no path reaches it). */
  const slugsOf = new Map<string, ReadonlyArray<string> | undefined>()
  const byPath = new Map<string, string>()
  const topLevelBySlug = new Map<string, string>()
  for (const page of pages) {
    const parent = page.parent === null ? undefined : byId.get(page.parent)
    if (page.parent !== null && parent === undefined) continue
    const path = parent === undefined ? (page.slug ?? "") : `${parent.path}/${page.slug ?? ""}`
    const parentSlugs = parent === undefined ? [] : slugsOf.get(parent.id)
    const slugs = parentSlugs === undefined || page.slug === undefined || page.slug === "" ? undefined : [...parentSlugs, page.slug]
    slugsOf.set(page.id, slugs)
    const entry: PlacedPage = extended(page, { path, documentPath: documentPath(path, { hasChildren: withChildren.has(page.id) }) })
    placed.push(entry)
    byId.set(page.id, entry)
    if (slugs !== undefined && !byPath.has(slugs.join("/"))) byPath.set(slugs.join("/"), page.id)
    if (page.parent === null && page.slug !== undefined && !topLevelBySlug.has(page.slug)) topLevelBySlug.set(page.slug, page.id)
    if (page.parent === null && page.type === "document" && !byPath.has("")) byPath.set("", page.id)
  }
  return { pages: placed, byId, byPath, topLevelBySlug }
}

/** Whether a URL points into Quire itself: under `base` (the public URL), with or without its scheme. */
export const inAppUrl = (base: string): ((url: string) => boolean) => {
  let app: URL
  try {
    app = new URL(base)
  } catch {
    return () => false
  }
  const prefix = app.pathname.replace(/\/+$/, "")
  return (url) => {
    let parsed: URL
    try {
      parsed = new URL(url, app)
    } catch {
      return false
    }
    if (parsed.origin !== app.origin || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return false
    return prefix === "" || parsed.pathname === prefix || parsed.pathname.startsWith(`${prefix}/`)
  }
}

export const targetKey = (target: LinkTarget): string => {
  switch (target.kind) {
    case "url":
      return JSON.stringify(["url", target.url])
    case "page":
      return JSON.stringify(["page", target.page])
    case "anchor":
      return JSON.stringify(["anchor", target.page, target.anchor])
    case "file":
      return JSON.stringify(["file", target.file])
  }
}

export interface LinkIndexOptions {
  /** Whether a URL points into Quire (`in-app`); none do by default. */
  readonly isInApp?: ((url: string) => boolean) | undefined
}

/** The link a reference makes in the revision; undefined for an anchor of the same document, which is no link. */
export const linkOf = (
  reference: LinkReference,
  layout: PageLayout,
  files: ReadonlySet<string>,
  options: LinkIndexOptions = {}
): PageLink | undefined => {
  const link = (target: LinkTarget, status: LinkStatus): PageLink => ({ key: targetKey(target), target, status })
  const toPage = (page: string, anchor: string | undefined): LinkTarget =>
    anchor === undefined ? { kind: "page", page } : { kind: "anchor", page, anchor }
  switch (reference.kind) {
    case "anchor":
      return undefined
    case "url":
      return link({ kind: "url", url: reference.url }, options.isInApp?.(reference.url) === true ? "in-app" : "ok")
    case "page": {
      const found = layout.byId.has(reference.page) ? reference.page : layout.topLevelBySlug.get(reference.page)
      return link(toPage(found ?? reference.page, reference.anchor), found === undefined ? "broken" : "ok")
    }
    case "page-path": {
      const found = layout.byPath.get(pathSegments(reference.path).join("/"))
      return found === undefined
        ? link({ kind: "url", url: reference.written }, "broken")
        : link(toPage(found, reference.anchor), "ok")
    }
    case "file":
      return link({ kind: "file", file: reference.file }, files.has(reference.file) ? "ok" : "broken")
    case "file-path":
      return link({ kind: "url", url: reference.written }, "broken")
  }
}

/**
 * The link index of a revision: its pages placed (`pageLayout`), its files' ids, and the
 * references of each page's document (a page without document has none).
 */
export const buildLinkIndex = (
  layout: PageLayout,
  fileIds: Iterable<string>,
  referencesOf: (page: PlacedPage) => ReadonlyArray<LinkReference>,
  options: LinkIndexOptions = {}
): LinkIndex => {
  const files = new Map<string, Array<string>>()
  for (const id of fileIds) files.set(id, [])
  const fileSet = new Set(files.keys())
  const byKey = new Map<string, { readonly key: string; readonly target: LinkTarget; readonly status: LinkStatus; pages: Array<string> }>()
  const links: Array<IndexedLink> = []
  const pages = new Map<string, ReadonlyArray<PageLink>>()
  for (const page of layout.pages) {
    const own: Array<PageLink> = []
    const seen = new Set<string>()
    for (const reference of page.document === null ? [] : referencesOf(page)) {
      const link = linkOf(reference, layout, fileSet, options)
      if (link === undefined || seen.has(link.key)) continue
      seen.add(link.key)
      own.push(link)
      let entry = byKey.get(link.key)
      if (entry === undefined) {
        entry = extended(link, { pages: [] as Array<string> })
        byKey.set(link.key, entry)
        links.push(entry)
      }
      entry.pages.push(page.id)
      if (link.target.kind === "file" && link.status === "ok") files.get(link.target.file)!.push(page.id)
    }
    pages.set(page.id, own)
  }
  return { links, pages, files }
}

/** Pages with their markdown, in tree order: the index of their documents (tests, and callers without a store). */
export const linkIndexOfDocuments = (
  pages: ReadonlyArray<Omit<SourcePage, "document"> & { readonly markdown?: string | undefined }>,
  fileIds: Iterable<string>,
  options: LinkIndexOptions = {}
): LinkIndex => {
  const markdown = new Map(pages.map((page) => [page.id, page.markdown ?? ""]))
  const layout = pageLayout(pages.map(({ markdown: body, ...page }) => ({ ...page, document: (body ?? "") === "" ? null : page.id })))
  return buildLinkIndex(layout, fileIds, (page) => documentReferences(markdown.get(page.id) ?? "", page.documentPath), options)
}

export interface LinkStats {
  readonly total: number
  readonly broken: { readonly total: number; readonly changeRequest: number }
}

/**
 * The statistics of a set of links: how many, how many broken, and how many of those a
 * change request introduced: broken here, and not broken in `base` (the same scope in the
 * change request's merge base; without one, none were introduced).
 */
export const linkStats = (links: ReadonlyArray<PageLink>, base?: ReadonlyArray<PageLink>): LinkStats => {
  const brokenBefore = new Set(base?.filter((link) => link.status === "broken").map((link) => link.key))
  let broken = 0
  let introduced = 0
  for (const link of links) {
    if (link.status !== "broken") continue
    broken++
    if (base !== undefined && !brokenBefore.has(link.key)) introduced++
  }
  return { total: links.length, broken: { total: broken, changeRequest: introduced } }
}
