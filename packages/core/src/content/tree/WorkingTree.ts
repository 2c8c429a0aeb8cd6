import { Effect } from "effect"
import type { ObjectHash, StoredObject } from "../../storage/content/ObjectStore.js"
import { EMPTY_MAP_NODE, EMPTY_MAP_ROOT } from "../store/index.js"
import type { PersistentMaps } from "../store/PersistentMap.js"
import {
  childrenObject,
  documentObject,
  type FileValue,
  fileObject,
  type PageValue,
  pageObject,
  parentKey,
  type ReusableValue,
  reusableObject,
  type TreeValue,
  treeObject
} from "./objects.js"
import { updateKeeping } from "./mapWrites.js"
import type { PageSource } from "./PageSource.js"
import type { TreeReader } from "./TreeReader.js"

/** What committing a working tree gives: the new tree's hash and every object it needs stored. */
export interface CommittedTree {
  readonly hash: ObjectHash
  readonly tree: TreeValue
  readonly objects: ReadonlyArray<StoredObject>
}

/**
 * A revision tree being edited: changes are kept in memory over the stored tree they started
 * from, reads see them, and `commit` turns them into objects (the changed pages, documents,
 * children lists and files, the O(log n) map nodes above them, a new tree object).
 */
export interface WorkingTree extends PageSource {
  readonly base: TreeReader
  readonly setPage: (value: PageValue) => void
  readonly removePage: (id: string) => void
  readonly setChildren: (parent: string | null, ids: ReadonlyArray<string>) => void
  /** Keeps a document body and gives its hash. */
  readonly addDocument: (markdown: string) => ObjectHash
  readonly file: (id: string) => Effect.Effect<FileValue | undefined>
  readonly setFile: (value: FileValue) => void
  readonly removeFile: (id: string) => void
  readonly setReusable: (value: ReusableValue) => void
  readonly removeReusable: (id: string) => void
  /** Pages set or removed so far (removed: undefined), in the order first touched. */
  readonly touchedPages: () => ReadonlyMap<string, PageValue | undefined>
  /** Children lists set so far, by parent key. */
  readonly touchedChildren: () => ReadonlyMap<string, ReadonlyArray<string>>
  readonly commit: Effect.Effect<CommittedTree>
}

export const makeWorkingTree = (maps: PersistentMaps, base: TreeReader): WorkingTree => {
  const pages = new Map<string, PageValue | undefined>()
  const children = new Map<string, ReadonlyArray<string>>()
  const documents = new Map<ObjectHash, StoredObject>()
  const files = new Map<string, FileValue | undefined>()
  const reusables = new Map<string, ReusableValue | undefined>()

  const pagesOf = (ids: ReadonlyArray<string>) =>
    Effect.map(
      base.pages(ids.filter((id) => !pages.has(id))),
      (stored) => {
        const out = new Map<string, PageValue>()
        for (const id of ids) {
          const value = pages.has(id) ? pages.get(id) : stored.get(id)
          if (value !== undefined) out.set(id, value)
        }
        return out as ReadonlyMap<string, PageValue>
      }
    )

  const commit = Effect.gen(function* () {
    const objects = new Map<ObjectHash, StoredObject>()
    const keep = (object: StoredObject) => {
      objects.set(object.hash, object)
      return object.hash
    }
    const keepDocument = (hash: ObjectHash | null) => {
      const document = hash === null ? undefined : documents.get(hash)
      if (document !== undefined) keep(document)
    }
    const pageChanges = new Map<string, ObjectHash | undefined>()
    for (const [id, value] of pages) {
      if (value !== undefined) keepDocument(value.document)
      pageChanges.set(id, value === undefined ? undefined : keep(pageObject(value)))
    }
    const childrenChanges = new Map<string, ObjectHash | undefined>()
    for (const [key, ids] of children) {
      childrenChanges.set(key, ids.length === 0 ? undefined : keep(childrenObject({ parent: key, children: ids })))
    }
    const fileChanges = new Map<string, ObjectHash | undefined>()
    for (const [id, value] of files) fileChanges.set(id, value === undefined ? undefined : keep(fileObject(value)))
    const reusableChanges = new Map<string, ObjectHash | undefined>()
    for (const [id, value] of reusables) {
      if (value !== undefined) keepDocument(value.document)
      reusableChanges.set(id, value === undefined ? undefined : keep(reusableObject(value)))
    }
    const update = updateKeeping(maps, keep)
    const tree: TreeValue = {
      pages: yield* update(base.tree.pages, pageChanges),
      children: yield* update(base.tree.children, childrenChanges),
      files: yield* update(base.tree.files, fileChanges),
      reusables: yield* update(base.tree.reusables, reusableChanges)
    }
    if (Object.values(tree).includes(EMPTY_MAP_ROOT)) keep(EMPTY_MAP_NODE)
    const hash = keep(treeObject(tree))
    return { hash, tree, objects: [...objects.values()] } satisfies CommittedTree
  })

  return {
    base,
    page: (id) => (pages.has(id) ? Effect.succeed(pages.get(id)) : base.page(id)),
    pages: pagesOf,
    children: (parent) => {
      const own = children.get(parentKey(parent))
      return own !== undefined ? Effect.succeed(own) : base.children(parent)
    },
    document: (hash) => {
      const own = documents.get(hash)
      return own !== undefined ? Effect.succeed((JSON.parse(own.body) as { markdown: string }).markdown) : base.document(hash)
    },
    setPage: (value) => void pages.set(value.id, value),
    removePage: (id) => void pages.set(id, undefined),
    setChildren: (parent, ids) => void children.set(parentKey(parent), ids),
    addDocument: (markdown) => {
      const object = documentObject({ markdown })
      documents.set(object.hash, object)
      return object.hash
    },
    file: (id) => (files.has(id) ? Effect.succeed(files.get(id)) : base.file(id)),
    setFile: (value) => void files.set(value.id, value),
    removeFile: (id) => void files.set(id, undefined),
    setReusable: (value) => void reusables.set(value.id, value),
    removeReusable: (id) => void reusables.set(id, undefined),
    touchedPages: () => pages,
    touchedChildren: () => children,
    commit
  }
}
