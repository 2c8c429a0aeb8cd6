import { type Context, Effect, Layer } from "effect"
import { ObjectStore } from "../../storage/content/ObjectStore.js"
import { makeNodeLoader } from "./NodeLoader.js"
import { diffMaps } from "./mapDiff.js"
import { entriesOfMap, getManyInMap, sizeOfMap } from "./mapRead.js"
import { updateMap } from "./mapUpdate.js"
import { PersistentMapsService } from "./PersistentMapsService.js"
import type { PersistentMaps } from "./PersistentMap.js"

export interface PersistentMapsOptions {
  /** How many decoded nodes the instance keeps (default 8192). */
  readonly cacheSize?: number
}

/** The persistent maps over an object store, with a node cache of their own. */
export const makePersistentMaps = (
  store: Context.Tag.Service<typeof ObjectStore>,
  options: PersistentMapsOptions = {}
): PersistentMaps => {
  const loader = makeNodeLoader(store, options.cacheSize ?? 8192)
  return {
    get: (root, key) => Effect.map(getManyInMap(loader, root, [key]), (found) => found.get(key)),
    getMany: (root, keys) => getManyInMap(loader, root, keys),
    update: (root, changes) => updateMap(loader, root, changes),
    entries: (root) => entriesOfMap(loader, root),
    diff: (a, b) => diffMaps(loader, a, b),
    size: (root) => sizeOfMap(loader, root)
  }
}

/** `PersistentMapsService` on the `ObjectStore` of the context; one node cache per layer. */
export const PersistentMapsLive: Layer.Layer<PersistentMapsService, never, ObjectStore> = Layer.effect(
  PersistentMapsService,
  Effect.map(ObjectStore, (store) => makePersistentMaps(store))
)
