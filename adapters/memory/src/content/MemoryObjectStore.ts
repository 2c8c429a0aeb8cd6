import type { ObjectHash, ObjectStore, StoredObject } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { objectsTable } from "./contentTables.js"

/** Only the stored fields, so what comes back is what SQL would return, whatever the caller passed. */
const copyOf = (object: StoredObject): StoredObject => ({ hash: object.hash, kind: object.kind, body: object.body })

export const makeMemoryObjectStore = (store: MemoryStore): Context.Tag.Service<typeof ObjectStore> => ({
  put: (objects) =>
    Effect.suspend(() => {
      // Set by the write, which applies its function exactly once.
      let written = 0
      return Effect.map(
        store.write((t) => {
          const added = HashMap.mutate(t.rows(objectsTable), (map) => {
            for (const object of objects) {
              if (HashMap.has(map, object.hash)) continue
              HashMap.set(map, object.hash, copyOf(object))
              written++
            }
          })
          return written === 0 ? t : t.with(objectsTable, added)
        }),
        () => written
      )
    }),
  getMany: (hashes) =>
    store.read((t) => {
      const found = new Map<ObjectHash, StoredObject>()
      for (const hash of hashes) {
        const object = HashMap.get(t.rows(objectsTable), hash)
        if (Option.isSome(object)) found.set(hash, object.value)
      }
      return found
    }),
  size: store.read((t) => {
    let bytes = 0
    for (const object of HashMap.values(t.rows(objectsTable))) bytes += Buffer.byteLength(object.body, "utf8")
    return { objects: HashMap.size(t.rows(objectsTable)), bytes }
  })
})
