import { type CollectionRepository, collectionSortKey } from "@quire/core"
import { type Context, HashMap } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { greatest, sliceBy, sortedBy } from "./sorting.js"
import { insertNew, replaceExisting, rowsOf } from "./Tables.js"

export const makeMemoryCollectionRepository = (
  store: MemoryStore
): Context.Tag.Service<typeof CollectionRepository> => ({
  insert: (collection) =>
    store.write((t) => ({ ...t, collections: insertNew(t.collections, collection.id, collection, "collection") })),
  update: (collection) =>
    store.write((t) => ({ ...t, collections: replaceExisting(t.collections, collection.id, collection) })),
  delete: (id) => store.write((t) => ({ ...t, collections: HashMap.remove(t.collections, id) })),
  findById: (id) => store.read((t) => HashMap.get(t.collections, id)),
  children: (organizationId, parentId) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.collections).filter((c) => c.organizationId === organizationId && c.parentId === parentId),
        (c) => [c.position, c.id]
      )
    ),
  lastPosition: (organizationId, parentId) =>
    store.read((t) =>
      greatest(
        rowsOf(t.collections)
          .filter((c) => c.organizationId === organizationId && c.parentId === parentId)
          .map((c) => c.position)
      )
    ),
  list: (organizationId, query, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.collections).filter(
          (c) =>
            c.organizationId === organizationId &&
            (query.nested || c.parentId === null) &&
            (!query.visibleOnly || c.resolvedLevel !== "none")
        ),
        keyset,
        collectionSortKey
      )
    )
})
