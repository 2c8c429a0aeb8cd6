import { Effect } from "effect"
import type { ContentTree } from "../ContentTree.js"
import type { PageValue } from "../objects.js"
import { ancestry, pageDescendants } from "../paths.js"
import type { TreeReader } from "../TreeReader.js"
import type { ContentUrls } from "./ContentUrls.js"
import { pageMarkdown } from "./pageMarkdown.js"
import { type LoadedPages, renderFile, renderPage, renderPageTree, renderReusable } from "./renderPages.js"
import type { Revision, RevisionPage } from "./wire.js"
import { forEachInTurns } from "./turns.js"


export interface RenderOptions {
  readonly urls: ContentUrls
  /** Add each document page's `markdown` (default false). */
  readonly markdown?: boolean
}

/**
 * Each document page's markdown as a reader gets it (`pageMarkdown`), by page id. Composing
 * parses and prints each body, the most expensive part of a cold read, so it is done in turns
 * of the event loop (`forEachInTurns`): a read of thousands of pages holds no other request.
 */
const markdownOf = (reader: TreeReader, pages: ReadonlyMap<string, PageValue>) =>
  Effect.flatMap(
    reader.documents(Array.from(pages.values()).flatMap((page) => (page.document === null ? [] : [page.document]))),
    (bodies) => {
      const markdown = new Map<string, string>()
      return Effect.as(
        forEachInTurns(pages.values(), (page) => {
          if (page.type !== "document") return
          const body = page.document === null ? "" : bodies.get(page.document)
          if (body !== undefined) markdown.set(page.id, pageMarkdown(page, body))
        }),
        markdown
      )
    }
  )

/** A revision in the official `Revision` shape: every page (nested), file and reusable content. A full read. */
export const renderRevision = Effect.fnUntraced(function* (content: ContentTree, options: RenderOptions) {
  const { reader, revision } = content
  const pages = yield* reader.allPages
  const loaded: LoadedPages = {
    pages,
    children: yield* reader.allChildren,
    ...(options.markdown ? { markdown: yield* markdownOf(reader, pages) } : {})
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
    ...(options.markdown ? { markdown: yield* markdownOf(reader, pages) } : {})
  }
  const parentPath = chain
    .slice(0, -1)
    .map((ancestor) => ancestor.slug ?? "")
    .join("/")
  return renderPage(loaded, page, parentPath, options.urls) as RevisionPage
})
