import { type SpaceRepository, spaceSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import { deleteCascading } from "../shared/deleteCascading.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { greatest, sliceBy, sortedBy } from "../shared/sorting.js"
import { insertNew, pairKey, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { Tables } from "../shared/Tables.js"
import { membersTable } from "../members/membersTable.js"
import { spacesTable } from "./spacesTable.js"

const liveSpaces = (t: Tables, organizationId: string, visibleOnly: boolean) =>
  rowsOf(t.rows(spacesTable)).filter(
    (s) => s.organizationId === organizationId && s.deletedAt === null && (!visibleOnly || s.resolvedLevel !== "none")
  )

export const makeMemorySpaceRepository = (store: MemoryStore): Context.Tag.Service<typeof SpaceRepository> => ({
  insert: (space) => store.write((t) => t.update(spacesTable, (rows) => insertNew(rows, space.id, space, "space"))),
  update: (space) => store.write((t) => t.update(spacesTable, (rows) => replaceExisting(rows, space.id, space))),
  // What the space owns goes with it: the tables that declare spaces as their owner.
  purge: (id) => store.write((t) => deleteCascading(t, spacesTable, [id])),
  findById: (id) => store.read((t) => HashMap.get(t.rows(spacesTable), id)),
  findWithMembership: (id, userId) =>
    store.read((t) =>
      Option.map(HashMap.get(t.rows(spacesTable), id), (space) => ({
        space,
        member: HashMap.get(t.rows(membersTable), pairKey(space.organizationId, userId))
      }))
    ),
  lastPosition: (organizationId, parentId) =>
    store.read((t) =>
      greatest(
        liveSpaces(t, organizationId, false)
          .filter((s) => s.parentId === parentId)
          .map((s) => s.position)
      )
    ),
  children: (organizationId, parentId) =>
    store.read((t) =>
      sortedBy(
        liveSpaces(t, organizationId, false).filter((s) => s.parentId === parentId),
        (s) => [s.position, s.id]
      )
    ),
  list: (organizationId, query, keyset) =>
    store.read((t) =>
      sliceBy(
        liveSpaces(t, organizationId, query.visibleOnly).filter(
          (s) => query.parentId === undefined || s.parentId === query.parentId
        ),
        keyset,
        spaceSortKey,
        query.order
      )
    ),
  count: (organizationId, visibleOnly) => store.read((t) => liveSpaces(t, organizationId, visibleOnly).length),
  all: (organizationId, visibleOnly) => store.read((t) => liveSpaces(t, organizationId, visibleOnly)),
  listExpired: (deletedBefore, limit) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.rows(spacesTable)).filter((s) => s.deletedAt !== null && s.deletedAt <= deletedBefore),
        (s) => [s.deletedAt!, s.id]
      )
        .slice(0, limit)
        .map((s) => s.id)
    )
})
