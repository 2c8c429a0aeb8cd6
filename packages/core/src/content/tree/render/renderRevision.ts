import { Effect } from "effect"
import type { ContentTree } from "../ContentTree.js"
import type { PageValue } from "../objects.js"
import { ancestry, pageDescendants } from "../paths.js"
import type { TreeReader } from "../TreeReader.js"
import type { ContentUrls } from "./ContentUrls.js"
import { type LoadedPages, renderFile, renderPage, renderPageTree, renderReusable } from "./renderPages.js"
import type { Revision, RevisionPage } from "./wire.js"

export { mapInTurns, nextTurn, SLICE_MILLIS } from "./turns.js"

export interface RenderOptions {
  readonly urls: ContentUrls
  /** Add each document page's `markdown` (default false). */
  readonly markdown?: boolean
}

const bodiesOf = (reader: TreeReader, pages: Iterable<PageValue>) =>
  reader.documents([...pages].flatMap((page) => (page.document === null ? [] : [page.document])))

/** A revision in the official `Revision` shape: every page (nested), file and reusable content. A full read. */
export const renderRevision = Effect.fnUntraced(function* (content: ContentTree, options: RenderOptions) {
  const { reader, revision } = content
  const pages = yield* reader.allPages
  const loaded: LoadedPages = {
    pages,
    children: yield* reader.allChildren,
    ...(options.markdown ? { bodies: yield* bodiesOf(reader, pages.values()) } : {})
  }
  return {
    object: "revision",
    id: revision.id,
    parents: revision.parents,
    type: revision.type,
    pages: renderPageTree(loaded, options.urls),
    files: (yield* reader.files).map((file) => renderFile(file, options.urls)),
    reusableContents: (yield* reader.reusables).map(renderReusable),
    tags: [],
    createdAt: revision.createdAt,
    urls: { app: options.urls.revision(revision.id) }
  } satisfies Revision
})

/** The pages of a revision (official `{ pages }` of `listPages`), nested. */
export const renderPages = (content: ContentTree, options: RenderOptions) =>
  Effect.map(renderRevision(content, options), (revision) => revision.pages)

/**
 * One page in its official `RevisionPage*` shape with its subpages; undefined when the
 * revision has no such page. Reads the page, its ancestors (for its path) and its subtree.
 */
export const renderPageById = Effect.fnUntraced(function* (content: ContentTree, id: string, options: RenderOptions) {
  const { reader } = content
  const chain = yield* ancestry(reader, id)
  if (chain === undefined) return undefined
  const page = chain[chain.length - 1]!
  const below = yield* pageDescendants(reader, id)
  const subtree = yield* reader.pages(below)
  const children = new Map<string, ReadonlyArray<string>>()
  for (const parent of [id, ...below]) children.set(parent, yield* reader.children(parent))
  const pages = new Map<string, PageValue>([[id, page], ...subtree])
  const loaded: LoadedPages = {
    pages,
    children,
    ...(options.markdown ? { bodies: yield* bodiesOf(reader, pages.values()) } : {})
  }
  const parentPath = chain
    .slice(0, -1)
    .map((ancestor) => ancestor.slug ?? "")
    .join("/")
  return renderPage(loaded, page, parentPath, options.urls) as RevisionPage
})
