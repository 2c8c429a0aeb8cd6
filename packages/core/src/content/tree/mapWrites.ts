import { Effect } from "effect"
import type { ObjectHash, StoredObject } from "../../storage/content/ObjectStore.js"
import type { PersistentMaps } from "../store/PersistentMap.js"

/**
 * `maps.update` for a command that stores everything it wrote in one `ObjectStore.put`:
 * the new nodes go to `keep`, and an empty change set costs nothing.
 */
export const updateKeeping =
  (maps: PersistentMaps, keep: (object: StoredObject) => unknown) =>
  (root: ObjectHash, changes: ReadonlyMap<string, ObjectHash | undefined>): Effect.Effect<ObjectHash> =>
    changes.size === 0
      ? Effect.succeed(root)
      : Effect.map(maps.update(root, changes), (result) => {
          for (const node of result.written) keep(node)
          return result.root
        })
