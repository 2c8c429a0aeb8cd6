import { Effect } from "effect"
import { pathSegments } from "../markdown/documentPath.js"
import type { PageValue } from "./objects.js"
import type { PageSource } from "./PageSource.js"

/** The children of `parent` as pages, in order. */
export const childPages = (source: PageSource, parent: string | null): Effect.Effect<ReadonlyArray<PageValue>> =>
  Effect.flatMap(source.children(parent), (ids) =>
    Effect.map(source.pages(ids), (found) => ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])))
  )

/** The chain of pages from the root level down to `id` (inclusive); undefined when it does not exist. */
export const ancestry: (source: PageSource, id: string) => Effect.Effect<ReadonlyArray<PageValue> | undefined> =
  Effect.fnUntraced(function* (source: PageSource, id: string) {
    const chain: Array<PageValue> = []
    const seen = new Set<string>()
    let current: string | null = id
    while (current !== null) {
      // A cycle cannot be stored (every write checks), but a read must still end.
      if (seen.has(current)) return undefined
      seen.add(current)
      const page: PageValue | undefined = yield* source.page(current)
      if (page === undefined) return undefined
      chain.push(page)
      current = page.parent
    }
    return chain.reverse()
  })

/** A page's path: the slugs from the root level down to it, joined by `/`. */
export const pathOfPage = (source: PageSource, id: string): Effect.Effect<string | undefined> =>
  Effect.map(ancestry(source, id), (chain) => (chain === undefined ? undefined : chain.map((page) => page.slug ?? "").join("/")))

/** The first document page of the root level: the space's `README.md`, which path `""` names. */
export const rootDocumentPage = (source: PageSource): Effect.Effect<PageValue | undefined> =>
  Effect.map(childPages(source, null), (pages) => pages.find((page) => page.type === "document"))

/** The page at `path` (slugs from the root, `/`-separated); `""` is the space's root page. */
export const pageByPath: (source: PageSource, path: string) => Effect.Effect<PageValue | undefined> =
  Effect.fnUntraced(function* (source: PageSource, path: string) {
    const segments = pathSegments(path)
    if (segments.length === 0) return yield* rootDocumentPage(source)
    let parent: string | null = null
    let found: PageValue | undefined
    for (const segment of segments) {
      const siblings: ReadonlyArray<PageValue> = yield* childPages(source, parent)
      found = siblings.find((page) => page.slug === segment)
      if (found === undefined) return undefined
      parent = found.id
    }
    return found
  })

/** Whether `ancestor` is `id` or one of its ancestors. */
export const isSelfOrAncestor = (source: PageSource, ancestor: string, id: string): Effect.Effect<boolean> =>
  Effect.map(ancestry(source, id), (chain) => chain?.some((page) => page.id === ancestor) ?? false)

/** Every page below `id` (not `id` itself), parents before children. */
export const pageDescendants: (source: PageSource, id: string) => Effect.Effect<ReadonlyArray<string>> =
  Effect.fnUntraced(function* (source: PageSource, id: string) {
    const out: Array<string> = []
    const queue = [id]
    while (queue.length > 0) {
      const children = yield* source.children(queue.shift()!)
      out.push(...children)
      queue.push(...children)
    }
    return out
  })
