import { type Context, Effect } from "effect"
import type { ObjectHash, ObjectStore } from "../../storage/content/ObjectStore.js"
import { decodeObject } from "../store/canonical.js"
import type { DecodedObjects } from "../store/DecodedObjects.js"

/** Loads and decodes stored objects, each at most once per loader (objects never change). */
export interface ObjectLoader {
  readonly one: <A>(hash: ObjectHash) => Effect.Effect<A>
  readonly many: <A>(hashes: Iterable<ObjectHash>) => Effect.Effect<ReadonlyMap<ObjectHash, A>>
}

/**
 * A missing object is a broken store, not bad input: a defect. With `shared`, objects decoded
 * by earlier calls are taken from it and those loaded here are added to it. `keepOwn: false`
 * makes a loader that keeps nothing of its own (only `shared` does), so one that lives across
 * calls holds no memory that grows with what it read.
 */
export const makeObjectLoader = (
  store: Context.Tag.Service<typeof ObjectStore>,
  shared?: Context.Tag.Service<typeof DecodedObjects>,
  keepOwn = true
): ObjectLoader => {
  const kept = new Map<ObjectHash, unknown>()

  const many = <A>(hashes: Iterable<ObjectHash>): Effect.Effect<ReadonlyMap<ObjectHash, A>> =>
    Effect.suspend(() => {
      const cache = keepOwn ? kept : new Map<ObjectHash, unknown>()
      const wanted = new Set(hashes)
      const missing: Array<ObjectHash> = []
      for (const hash of wanted) {
        if (cache.has(hash)) continue
        const known = shared?.get(hash)
        if (known === undefined) missing.push(hash)
        else cache.set(hash, known.value)
      }
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
          const value = decodeObject(object)
          cache.set(hash, value)
          shared?.set(hash, { value, bytes: object.body.length })
        }
        return Effect.succeed(pick())
      })
    })

  const one = <A>(hash: ObjectHash): Effect.Effect<A> => Effect.map(many<A>([hash]), (found) => found.get(hash) as A)

  return { one, many }
}
