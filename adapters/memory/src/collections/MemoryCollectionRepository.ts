import { type CollectionRepository, collectionSortKey } from "@quire/core"
import { type Context, HashMap } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { greatest, sliceBy, sortedBy } from "../shared/sorting.js"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import { collectionsTable } from "./collectionsTable.js"

export const makeMemoryCollectionRepository = (
  store: MemoryStore
): Context.Tag.Service<typeof CollectionRepository> => ({
  insert: (collection) =>
    store.write((t) => t.update(collectionsTable, (rows) => insertNew(rows, collection.id, collection, "collection"))),
  update: (collection) =>
    store.write((t) => t.update(collectionsTable, (rows) => replaceExisting(rows, collection.id, collection))),
  delete: (id) => store.write((t) => t.update(collectionsTable, (rows) => HashMap.remove(rows, id))),
  findById: (id) => store.read((t) => HashMap.get(t.rows(collectionsTable), id)),
  children: (organizationId, parentId) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.rows(collectionsTable)).filter((c) => c.organizationId === organizationId && c.parentId === parentId),
        (c) => [c.position, c.id]
      )
    ),
  lastPosition: (organizationId, parentId) =>
    store.read((t) =>
      greatest(
        rowsOf(t.rows(collectionsTable))
          .filter((c) => c.organizationId === organizationId && c.parentId === parentId)
          .map((c) => c.position)
      )
    ),
  list: (organizationId, query, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(collectionsTable)).filter(
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
