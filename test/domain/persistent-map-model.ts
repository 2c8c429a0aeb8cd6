import { ObjectStore, type ObjectHash, type StoredObject } from "@quire/core"
import { type Context, Effect, Layer } from "effect"
import { EMPTY_MAP_NODE, EMPTY_MAP_ROOT, makePersistentMaps, type MapChange } from "../../packages/core/src/content/store/index.js"
import { decodeNode, digitAt, keyPath, LEAF_CAPACITY } from "../../packages/core/src/content/store/mapNode.js"

export { EMPTY_MAP_NODE, EMPTY_MAP_ROOT }

/** A fake value hash per small number: the values a model test sets. */
export const valueHash = (n: number): ObjectHash => n.toString(16).padStart(64, "0")

/** Maps on the ObjectStore of the context, with an empty node cache: every read goes to the store. */
export const freshMaps = Effect.map(ObjectStore, (store) => makePersistentMaps(store))

/** The ObjectStore of the context, counting calls and objects asked for and written. */
export interface StoreCounts {
  getManyCalls: number
  objectsRead: number
  putCalls: number
  objectsPut: number
}

export const countingStore = (store: Context.Tag.Service<typeof ObjectStore>) => {
  const counts: StoreCounts = { getManyCalls: 0, objectsRead: 0, putCalls: 0, objectsPut: 0 }
  const counted: Context.Tag.Service<typeof ObjectStore> = {
    ...store,
    getMany: (hashes) =>
      Effect.suspend(() => {
        counts.getManyCalls++
        counts.objectsRead += hashes.length
        return store.getMany(hashes)
      }),
    put: (objects) =>
      Effect.suspend(() => {
        counts.putCalls++
        counts.objectsPut += objects.length
        return store.put(objects)
      })
  }
  const reset = () => Object.assign(counts, { getManyCalls: 0, objectsRead: 0, putCalls: 0, objectsPut: 0 })
  return { counts, store: counted, reset, layer: Layer.succeed(ObjectStore, counted) }
}

/** The symmetric difference of two plain maps, as `diff` states it (by key ascending). */
export const modelDiff = (a: ReadonlyMap<string, ObjectHash>, b: ReadonlyMap<string, ObjectHash>): Array<MapChange> => {
  const keys = Array.from(new Set([...a.keys(), ...b.keys()])).sort()
  const changes: Array<MapChange> = []
  for (const key of keys) if (a.get(key) !== b.get(key)) changes.push({ key, before: a.get(key), after: b.get(key) })
  return changes
}

export const sameEntries = (a: ReadonlyMap<string, ObjectHash>, b: ReadonlyMap<string, ObjectHash>): boolean =>
  a.size === b.size && Array.from(a).every(([key, value]) => b.get(key) === value)

/**
 * Walks the stored trie at `root` and fails on any departure from the canonical form:
 * leaves of at most LEAF_CAPACITY entries, sorted and unique, each under the digits of its
 * key's path; branches of more, with non-empty children in digit order and exact counts.
 * Returns the hashes of its nodes, its depth and its number of entries.
 */
export const checkCanonical = (root: ObjectHash) =>
  Effect.gen(function* () {
    const store = yield* ObjectStore
    const nodes = new Set<ObjectHash>()
    let depth = 0
    const walk = (hash: ObjectHash, prefix: ReadonlyArray<number>): Effect.Effect<number> =>
      Effect.gen(function* () {
        const object = (yield* store.getMany([hash])).get(hash)
        if (hash === EMPTY_MAP_ROOT && object === undefined) return 0
        if (nodes.has(hash)) throw new Error(`node ${hash} twice in one trie`)
        if (object === undefined) throw new Error(`node ${hash} missing at ${prefix}`)
        if (object.kind !== "node") throw new Error(`object ${hash} is a ${object.kind}`)
        nodes.add(hash)
        depth = Math.max(depth, prefix.length + 1)
        const node = decodeNode(object.body)
        if (node._tag === "Leaf") {
          if (node.entries.length > LEAF_CAPACITY) throw new Error(`leaf of ${node.entries.length} at ${prefix}`)
          if (prefix.length > 0 && node.entries.length === 0) throw new Error(`empty leaf at ${prefix}`)
          for (let i = 0; i < node.entries.length; i++) {
            const [key] = node.entries[i]!
            if (i > 0 && !(node.entries[i - 1]![0] < key)) throw new Error(`unsorted leaf at ${prefix}`)
            const path = keyPath(key)
            prefix.forEach((digit, d) => {
              if (digitAt(path, d) !== digit) throw new Error(`key ${key} misplaced at ${prefix}`)
            })
          }
          return node.entries.length
        }
        let total = 0
        let previous = -1
        for (const slot of node.slots) {
          if (slot.digit <= previous) throw new Error(`slots out of order at ${prefix}`)
          previous = slot.digit
          const count = yield* walk(slot.hash, [...prefix, slot.digit])
          if (count !== slot.count || count === 0) throw new Error(`slot count ${slot.count} for ${count} entries at ${prefix}`)
          total += count
        }
        if (total !== node.count || total <= LEAF_CAPACITY) throw new Error(`branch of ${total} entries at ${prefix}`)
        return total
      })
    const size = yield* walk(root, [])
    return { nodes, depth, size }
  })

/** Stores what an update wrote, as a caller does. */
export const store = (written: ReadonlyArray<StoredObject>) => Effect.flatMap(ObjectStore, (s) => s.put(written))
