import { type Context, Effect } from "effect"
import type { ObjectHash, ObjectStore } from "../../storage/content/ObjectStore.js"
import { decodeObject } from "../store/canonical.js"

/** Loads and decodes stored objects, each at most once per loader (objects never change). */
export interface ObjectLoader {
  readonly one: <A>(hash: ObjectHash) => Effect.Effect<A>
  readonly many: <A>(hashes: Iterable<ObjectHash>) => Effect.Effect<ReadonlyMap<ObjectHash, A>>
}

/** A missing object is a broken store, not bad input: a defect. */
export const makeObjectLoader = (store: Context.Tag.Service<typeof ObjectStore>): ObjectLoader => {
  const cache = new Map<ObjectHash, unknown>()

  const many = <A>(hashes: Iterable<ObjectHash>): Effect.Effect<ReadonlyMap<ObjectHash, A>> =>
    Effect.suspend(() => {
      const wanted = new Set(hashes)
      const missing = [...wanted].filter((hash) => !cache.has(hash))
      const pick = () => {
        const found = new Map<ObjectHash, A>()
        for (const hash of wanted) found.set(hash, cache.get(hash) as A)
        return found
      }
      if (missing.length === 0) return Effect.succeed(pick())
      return Effect.flatMap(store.getMany(missing), (objects) => {
        for (const hash of missing) {
          const object = objects.get(hash)
          if (object === undefined) return Effect.die(new Error(`Content: object ${hash} is not in the object store`))
          cache.set(hash, decodeObject(object))
        }
        return Effect.succeed(pick())
      })
    })

  const one = <A>(hash: ObjectHash): Effect.Effect<A> => Effect.map(many<A>([hash]), (found) => found.get(hash) as A)

  return { one, many }
}
