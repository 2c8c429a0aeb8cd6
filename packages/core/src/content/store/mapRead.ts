import { Effect } from "effect"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"
import type { NodeLoader } from "./NodeLoader.js"
import { compareKeys, groupByDigit, keyPath, nodeCount } from "./mapNode.js"

interface Lookup {
  readonly key: string
  readonly path: string
}

const lookupPath = (lookup: Lookup): string => lookup.path

/** The values of `keys` present in the map, walking all their paths together: one store call per level. */
export const getManyInMap: (
  loader: NodeLoader,
  root: ObjectHash,
  keys: ReadonlyArray<string>
) => Effect.Effect<ReadonlyMap<string, ObjectHash>> = Effect.fnUntraced(function* (
  loader: NodeLoader,
  root: ObjectHash,
  keys: ReadonlyArray<string>
) {
  const found = new Map<string, ObjectHash>()
  if (keys.length === 0) return found
  const distinct = Array.from(new Set(keys), (key): Lookup => ({ key, path: keyPath(key) }))
  let level = new Map<ObjectHash, Array<Lookup>>([[root, distinct]])
  for (let depth = 0; level.size > 0; depth++) {
    const nodes = yield* loader.load(level.keys())
    const next = new Map<ObjectHash, Array<Lookup>>()
    for (const [hash, lookups] of level) {
      const node = nodes.get(hash)!
      if (node._tag === "Leaf") {
        const entries = new Map(node.entries)
        for (const { key } of lookups) {
          const value = entries.get(key)
          if (value !== undefined) found.set(key, value)
        }
        continue
      }
      for (const [digit, group] of groupByDigit(lookups, lookupPath, depth)) {
        const slot = node.slots.find((s) => s.digit === digit)
        if (slot === undefined) continue
        const pending = next.get(slot.hash)
        if (pending === undefined) next.set(slot.hash, group)
        else pending.push(...group)
      }
    }
    level = next
  }
  return found
})

/** Every entry, by key ascending; one store call per level of the trie. */
export const entriesOfMap: (loader: NodeLoader, root: ObjectHash) => Effect.Effect<ReadonlyMap<string, ObjectHash>> =
  Effect.fnUntraced(function* (loader: NodeLoader, root: ObjectHash) {
    const entries: Array<readonly [string, ObjectHash]> = []
    let level: Array<ObjectHash> = [root]
    while (level.length > 0) {
      const nodes = yield* loader.load(level)
      const next: Array<ObjectHash> = []
      for (const hash of level) {
        const node = nodes.get(hash)!
        if (node._tag === "Leaf") entries.push(...node.entries)
        else for (const slot of node.slots) next.push(slot.hash)
      }
      level = next
    }
    return new Map(entries.sort((a, b) => compareKeys(a[0], b[0])))
  })

/** The number of entries: branches record their children's counts, so one load. */
export const sizeOfMap = (loader: NodeLoader, root: ObjectHash): Effect.Effect<number> =>
  Effect.map(loader.load([root]), (nodes) => nodeCount(nodes.get(root)!))
