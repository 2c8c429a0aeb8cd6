import { type Context, Effect } from "effect"
import type { ObjectHash, ObjectStore } from "../../storage/content/ObjectStore.js"
import { LruCache } from "./LruCache.js"
import { decodeNode, EMPTY_MAP_LEAF, EMPTY_MAP_ROOT, type MapNode } from "./mapNode.js"

export interface NodeLoader {
  /** The nodes of `hashes`, loaded in one store call for those not cached. */
  readonly load: (hashes: Iterable<ObjectHash>) => Effect.Effect<ReadonlyMap<ObjectHash, MapNode>>
}

/**
 * Loads map nodes through a bounded cache of decoded nodes (nodes never change, so a cached
 * node is never stale). A node missing from the store is a broken store, hence a defect.
 */
export const makeNodeLoader = (store: Context.Tag.Service<typeof ObjectStore>, cacheSize: number): NodeLoader => {
  const cache = new LruCache<ObjectHash, MapNode>(cacheSize)

  const load = (hashes: Iterable<ObjectHash>) =>
    Effect.suspend(() => {
      const found = new Map<ObjectHash, MapNode>()
      const missing: Array<ObjectHash> = []
      for (const hash of hashes) {
        if (found.has(hash)) continue
        const node = hash === EMPTY_MAP_ROOT ? EMPTY_MAP_LEAF : cache.get(hash)
        if (node === undefined) missing.push(hash)
        else found.set(hash, node)
      }
      if (missing.length === 0) return Effect.succeed(found as ReadonlyMap<ObjectHash, MapNode>)
      return Effect.flatMap(store.getMany(Array.from(new Set(missing))), (objects) => {
        for (const hash of missing) {
          if (found.has(hash)) continue
          const object = objects.get(hash)
          if (object === undefined) return Effect.die(new Error(`PersistentMaps: node ${hash} is not in the object store`))
          if (object.kind !== "node") return Effect.die(new Error(`PersistentMaps: object ${hash} is a ${object.kind}, not a node`))
          const node = decodeNode(object.body)
          cache.set(hash, node)
          found.set(hash, node)
        }
        return Effect.succeed(found as ReadonlyMap<ObjectHash, MapNode>)
      })
    })

  return { load }
}
