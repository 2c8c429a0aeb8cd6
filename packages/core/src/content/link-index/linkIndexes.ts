import { Effect } from "effect"
import { LruCache } from "../store/LruCache.js"
import type { ContentTree } from "../tree/ContentTree.js"
import { ROOT_KEY, type PageValue } from "../tree/objects.js"
import {
  buildLinkIndex,
  documentReferences,
  type LinkIndex,
  type LinkIndexOptions,
  type LinkReference,
  pageLayout,
  type SourcePage
} from "./linkIndex.js"

/** A revision's pages in tree order (parents before children, siblings in order), from its full maps. */
export const pagesInTreeOrder = (
  pages: ReadonlyMap<string, PageValue>,
  children: ReadonlyMap<string, ReadonlyArray<string>>
): ReadonlyArray<SourcePage> => {
  const out: Array<SourcePage> = []
  const seen = new Set<string>()
  const stack: Array<string> = [...(children.get(ROOT_KEY) ?? [])].reverse()
  while (stack.length > 0) {
    const id = stack.pop()!
    const page = pages.get(id)
    // A cycle cannot be stored (every write checks), but a walk must still end.
    if (page === undefined || seen.has(id)) continue
    seen.add(id)
    out.push({ id, type: page.type, slug: page.slug, parent: page.parent, document: page.document })
    const below = children.get(id) ?? []
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!)
  }
  return out
}

export interface LinkIndexesOptions extends LinkIndexOptions {
  /** How many revisions' indexes to keep (one not read for the longest is forgotten first: see `LruCache`). */
  readonly revisions?: number
  /** How many documents' parsed references to keep, by document hash and path. */
  readonly documents?: number
}

/**
 * Link indexes by revision, kept in a bounded LRU: a revision never changes, so its index is
 * computed once (two concurrent first reads may both compute it). A new revision re-parses
 * only the documents no recent revision had at the same path: references are kept by
 * document hash and document path, since relative links resolve against the path.
 */
export const makeLinkIndexes = (options: LinkIndexesOptions = {}) => {
  const indexes = new LruCache<string, LinkIndex>(options.revisions ?? 32)
  const references = new LruCache<string, ReadonlyArray<LinkReference>>(options.documents ?? 50_000)

  const compute = (tree: ContentTree) =>
    Effect.gen(function* () {
      const [pages, children, files] = yield* Effect.all([tree.reader.allPages, tree.reader.allChildren, tree.reader.files])
      const layout = pageLayout(pagesInTreeOrder(pages, children))
      const keyOf = (page: { readonly document: string | null; readonly documentPath: string }) => `${page.document}\n${page.documentPath}`
      const found = new Map<string, ReadonlyArray<LinkReference>>()
      const missing = new Map<string, { readonly document: string; readonly documentPath: string }>()
      for (const page of layout.pages) {
        if (page.document === null) continue
        const key = keyOf(page)
        const cached = references.get(key)
        if (cached !== undefined) found.set(key, cached)
        else missing.set(key, { document: page.document, documentPath: page.documentPath })
      }
      if (missing.size > 0) {
        const bodies = yield* tree.reader.documents([...missing.values()].map((page) => page.document))
        for (const [key, page] of missing) {
          const parsed = documentReferences(bodies.get(page.document) ?? "", page.documentPath)
          found.set(key, parsed)
          references.set(key, parsed)
        }
      }
      return buildLinkIndex(layout, files.map((file) => file.id), (page) => found.get(keyOf(page)) ?? [], options)
    })

  return {
    /** The index of `revisionId`, opening its tree (`open`) only when it is not known yet. */
    indexOf: <E>(revisionId: string, open: (revisionId: string) => Effect.Effect<ContentTree, E>): Effect.Effect<LinkIndex, E> =>
      Effect.suspend(() => {
        const known = indexes.get(revisionId)
        if (known !== undefined) return Effect.succeed(known)
        return Effect.tap(Effect.flatMap(open(revisionId), compute), (index) => Effect.sync(() => indexes.set(revisionId, index)))
      }),
    /** How many revisions' indexes are kept now. */
    get size() {
      return indexes.size
    }
  }
}

export type LinkIndexes = ReturnType<typeof makeLinkIndexes>
