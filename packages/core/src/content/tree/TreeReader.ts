import { Effect } from "effect"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"
import type { PersistentMaps } from "../store/PersistentMap.js"
import type { ObjectLoader } from "./ObjectLoader.js"
import type { ChildrenValue, DocumentValue, FileValue, PageValue, ReusableValue, TreeValue } from "./objects.js"
import { parentKey } from "./objects.js"
import type { PageSource } from "./PageSource.js"

/** A stored revision tree, read lazily: each page, list or file is loaded when first asked for. */
export interface TreeReader extends PageSource {
  /** The hash of the tree object. */
  readonly hash: ObjectHash
  readonly tree: TreeValue
  readonly pageHash: (id: string) => Effect.Effect<ObjectHash | undefined>
  readonly file: (id: string) => Effect.Effect<FileValue | undefined>
  readonly reusable: (id: string) => Effect.Effect<ReusableValue | undefined>
  /** Document bodies by hash, loaded together. */
  readonly documents: (hashes: Iterable<ObjectHash>) => Effect.Effect<ReadonlyMap<ObjectHash, string>>
  /** Every page (a full read: O(pages)). */
  readonly allPages: Effect.Effect<ReadonlyMap<string, PageValue>>
  /** Every children list, by parent key (a full read). */
  readonly allChildren: Effect.Effect<ReadonlyMap<string, ReadonlyArray<string>>>
  readonly files: Effect.Effect<ReadonlyArray<FileValue>>
  readonly reusables: Effect.Effect<ReadonlyArray<ReusableValue>>
}

const values = <A>(loader: ObjectLoader, entries: ReadonlyMap<string, ObjectHash>) =>
  Effect.map(loader.many<A>(entries.values()), (found) => {
    const out = new Map<string, A>()
    for (const [key, hash] of entries) out.set(key, found.get(hash)!)
    return out
  })

export const makeTreeReader = (maps: PersistentMaps, loader: ObjectLoader, hash: ObjectHash): Effect.Effect<TreeReader> =>
  Effect.map(loader.one<TreeValue>(hash), (tree): TreeReader => {
    const pageHash = (id: string) => maps.get(tree.pages, id)
    const pages = (ids: ReadonlyArray<string>) =>
      Effect.flatMap(maps.getMany(tree.pages, ids), (entries) => values<PageValue>(loader, entries))
    const page = (id: string) => Effect.map(pages([id]), (found) => found.get(id))
    const children = (parent: string | null) =>
      Effect.flatMap(maps.get(tree.children, parentKey(parent)), (childrenHash) =>
        childrenHash === undefined
          ? Effect.succeed([] as ReadonlyArray<string>)
          : Effect.map(loader.one<ChildrenValue>(childrenHash), (value) => value.children)
      )
    const document = (documentHash: ObjectHash) => Effect.map(loader.one<DocumentValue>(documentHash), (value) => value.markdown)
    const documents = (hashes: Iterable<ObjectHash>) =>
      Effect.map(loader.many<DocumentValue>(hashes), (found) => {
        const out = new Map<ObjectHash, string>()
        for (const [documentHash, value] of found) out.set(documentHash, value.markdown)
        return out as ReadonlyMap<ObjectHash, string>
      })
    const entry =
      <A>(root: ObjectHash) =>
      (id: string): Effect.Effect<A | undefined> =>
        Effect.flatMap(maps.get(root, id), (found) => (found === undefined ? Effect.succeed(undefined) : loader.one<A>(found)))
    const allPages = Effect.flatMap(maps.entries(tree.pages), (entries) => values<PageValue>(loader, entries))
    const allChildren = Effect.flatMap(maps.entries(tree.children), (entries) =>
      Effect.map(values<ChildrenValue>(loader, entries), (lists) => {
        const out = new Map<string, ReadonlyArray<string>>()
        for (const [key, value] of lists) out.set(key, value.children)
        return out
      })
    )
    const sortedValues = <A extends { readonly id: string }>(root: ObjectHash) =>
      Effect.flatMap(maps.entries(root), (entries) =>
        Effect.map(values<A>(loader, entries), (found) => [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      )
    return {
      hash,
      tree,
      pageHash,
      page,
      pages,
      children,
      document,
      documents,
      file: entry<FileValue>(tree.files),
      reusable: entry<ReusableValue>(tree.reusables),
      allPages,
      allChildren,
      files: sortedValues<FileValue>(tree.files),
      reusables: sortedValues<ReusableValue>(tree.reusables)
    }
  })
