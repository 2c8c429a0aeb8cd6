import { Effect } from "effect"
import { diffComm } from "node-diff3"
import type { MapChange } from "../../store/PersistentMap.js"
import { canonicalJson } from "../../store/canonical.js"
import { type EngineReads, makeEngineReads, openRevision } from "../EngineReads.js"
import type { FileValue, PageValue } from "../objects.js"
import { pathOfPage } from "../paths.js"
import type { ContentUrls } from "../render/ContentUrls.js"
import { makeTreeReader, type TreeReader } from "../TreeReader.js"
import { EMPTY_MAP_ROOT } from "../../store/index.js"
import { treeObject, type TreeValue } from "../objects.js"
import type { ChangeAttribute, ChangedRevisionFile, ChangedRevisionPage, RevisionSemanticChange, RevisionSemanticChanges } from "./SemanticChange.js"

/** The page fields a `page_edited` reports, when they differ. */
const pageAttributes = [
  "title",
  "description",
  "slug",
  "document",
  "cover",
  "emoji",
  "icon",
  "layout",
  "target",
  "href",
  "computed",
  "hidden",
  "noIndex",
  "noRobotsIndex",
  "condition"
] as const

const fileAttributes = ["name", "contentType", "size", "dimensions"] as const

const same = (a: unknown, b: unknown) => (a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b))

const attributesOf = <A extends object>(before: A, after: A, fields: ReadonlyArray<string>) => {
  const attributes: Record<string, ChangeAttribute<unknown>> = {}
  for (const field of fields) {
    const a = (before as Record<string, unknown>)[field] ?? undefined
    const b = (after as Record<string, unknown>)[field] ?? undefined
    if (same(a, b)) continue
    attributes[field] = { ...(a !== undefined ? { before: a } : {}), ...(b !== undefined ? { after: b } : {}) }
  }
  return attributes
}

/** Pages that changed place among the same siblings: those outside a longest common subsequence. */
const reordered = (before: ReadonlyArray<string>, after: ReadonlyArray<string>): ReadonlyArray<string> => {
  const kept = new Set(after)
  const common = before.filter((id) => kept.has(id))
  const stayed = new Set(common)
  const moved: Array<string> = []
  for (const part of diffComm(common, after.filter((id) => stayed.has(id)))) if (part.buffer1) moved.push(...part.buffer1)
  return moved
}

interface Ordered {
  readonly order: string
  readonly change: RevisionSemanticChange
}

const sorted = (entries: Array<Ordered>) =>
  entries.sort((x, y) => (x.order < y.order ? -1 : x.order > y.order ? 1 : 0)).map((entry) => entry.change)

const pagesOf = (tree: TreeReader, changes: ReadonlyArray<MapChange>, side: "before" | "after") =>
  tree.pages(changes.filter((change) => change[side] !== undefined).map((change) => change.key))

/**
 * The official semantic changes from revision tree `a` to `b`. Only what differs is read: the
 * `pages`, `children` and `files` maps are compared by walking the subtrees whose hashes
 * differ, so the cost follows the size of the change, not of the space. A page whose parent
 * changed is `page_moved` (and also `page_edited` if its content changed); a page that kept
 * its parent but left the longest common order of its siblings is `page_moved` with the same
 * parent before and after.
 */
export const diffTrees = (reads: EngineReads, a: TreeReader, b: TreeReader, urls: ContentUrls) =>
  Effect.gen(function* () {
    if (a.hash === b.hash) return { changes: [] } satisfies RevisionSemanticChanges
    const [pageChanges, childrenChanges, fileChanges] = yield* Effect.all([
      reads.maps.diff(a.tree.pages, b.tree.pages),
      reads.maps.diff(a.tree.children, b.tree.children),
      reads.maps.diff(a.tree.files, b.tree.files)
    ])
    const before = yield* pagesOf(a, pageChanges, "before")
    const after = yield* pagesOf(b, pageChanges, "after")
    const changedPage = (tree: TreeReader, page: PageValue) =>
      Effect.map(pathOfPage(tree, page.id), (path): ChangedRevisionPage => ({
        id: page.id,
        type: page.type,
        title: page.title,
        ...(path !== undefined ? { path } : {})
      }))
    const parentRef = (tree: TreeReader, id: string | null) =>
      id === null
        ? Effect.succeed(undefined)
        : Effect.flatMap(tree.page(id), (page) => (page === undefined ? Effect.succeed(undefined) : changedPage(tree, page)))

    const out: Array<Ordered> = []
    const files: Array<Ordered> = []
    const movedPages = new Set<string>()
    const moved = (page: PageValue, from: string | null, to: string | null) =>
      Effect.gen(function* () {
        movedPages.add(page.id)
        const parentBefore = yield* parentRef(a, from)
        const parentAfter = yield* parentRef(b, to)
        const changed = yield* changedPage(b, page)
        out.push({
          order: `${changed.path ?? page.id}\u0000moved`,
          change: {
            type: "page_moved",
            page: changed,
            parent: { ...(parentBefore ? { before: parentBefore } : {}), ...(parentAfter ? { after: parentAfter } : {}) }
          }
        })
      })

    for (const { key } of pageChanges) {
      const old = before.get(key)
      const now = after.get(key)
      if (old === undefined && now !== undefined) {
        const page = yield* changedPage(b, now)
        out.push({ order: page.path ?? key, change: { type: "page_created", page } })
      } else if (old !== undefined && now === undefined) {
        const page = yield* changedPage(a, old)
        out.push({ order: page.path ?? key, change: { type: "page_deleted", page } })
      } else if (old !== undefined && now !== undefined) {
        const attributes = attributesOf(old, now, pageAttributes)
        if (Object.keys(attributes).length > 0) {
          const page = yield* changedPage(b, now)
          out.push({ order: page.path ?? key, change: { type: "page_edited", page, attributes } })
        }
        if (old.parent !== now.parent) yield* moved(now, old.parent, now.parent)
      }
    }

    for (const { key, before: listBefore, after: listAfter } of childrenChanges) {
      if (listBefore === undefined || listAfter === undefined) continue
      const [oldList, newList] = yield* Effect.all([a.children(key === "" ? null : key), b.children(key === "" ? null : key)])
      const ids = reordered(oldList, newList).filter((id) => !movedPages.has(id))
      const pages = yield* b.pages(ids)
      for (const id of ids) {
        const page = pages.get(id)
        if (page !== undefined && page.parent === (key === "" ? null : key)) yield* moved(page, page.parent, page.parent)
      }
    }

    const changedFile = (file: FileValue): ChangedRevisionFile => ({
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      downloadURL: urls.file(file.id, file.name)
    })
    const filesBefore = yield* a.tree.files === b.tree.files ? Effect.succeed(new Map<string, FileValue>()) : fileValues(a, fileChanges)
    const filesAfter = yield* a.tree.files === b.tree.files ? Effect.succeed(new Map<string, FileValue>()) : fileValues(b, fileChanges)
    for (const { key } of fileChanges) {
      const old = filesBefore.get(key)
      const now = filesAfter.get(key)
      const order = `${(now ?? old)?.name ?? ""}\u0000${key}`
      if (old === undefined && now !== undefined) files.push({ order, change: { type: "file_created", file: changedFile(now) } })
      else if (old !== undefined && now === undefined) files.push({ order, change: { type: "file_deleted", file: changedFile(old) } })
      else if (old !== undefined && now !== undefined) {
        const attributes = attributesOf(old, now, fileAttributes)
        if (Object.keys(attributes).length > 0) files.push({ order, change: { type: "file_edited", file: changedFile(now), attributes } })
      }
    }
    // Pages by path, then files by name: a stable order, whatever the order of the map walks.
    return { changes: [...sorted(out), ...sorted(files)] } satisfies RevisionSemanticChanges
  })

const fileValues = (tree: TreeReader, changes: ReadonlyArray<MapChange>) =>
  Effect.map(
    Effect.forEach(changes, (change) => Effect.map(tree.file(change.key), (file) => [change.key, file] as const)),
    (entries) => {
      const out = new Map<string, FileValue>()
      for (const [key, file] of entries) if (file !== undefined) out.set(key, file)
      return out
    }
  )

export interface DiffOptions {
  readonly urls: ContentUrls
}

/** The tree of no content, read without the store (which need not hold its object). */
export const emptyTree = (reads: EngineReads): Effect.Effect<TreeReader> => {
  const value: TreeValue = { pages: EMPTY_MAP_ROOT, children: EMPTY_MAP_ROOT, files: EMPTY_MAP_ROOT, reusables: EMPTY_MAP_ROOT }
  const hash = treeObject(value).hash
  const loader = {
    ...reads.loader,
    one: <A>(wanted: typeof hash) => (wanted === hash ? Effect.succeed(value as A) : reads.loader.one<A>(wanted))
  }
  return makeTreeReader(reads.maps, loader, hash)
}

/**
 * The official semantic changes from revision `from` to revision `to` (`NotFound` for an
 * unknown revision); `from` null: from no content at all (every page and file of `to` created).
 */
export const diffRevisions = (from: string | null, to: string, options: DiffOptions) =>
  Effect.gen(function* () {
    const reads = yield* makeEngineReads
    const a = from === null ? yield* emptyTree(reads) : (yield* openRevision(reads, from)).tree
    const b = yield* openRevision(reads, to)
    return yield* diffTrees(reads, a, b.tree, options.urls)
  })
