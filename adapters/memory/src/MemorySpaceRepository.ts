import { type SpaceRepository, spaceSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { greatest, sliceBy, sortedBy } from "./sorting.js"
import { insertNew, pairKey, replaceExisting, rowsOf, type Tables } from "./Tables.js"

const liveSpaces = (t: Tables, organizationId: string, visibleOnly: boolean) =>
  rowsOf(t.spaces).filter(
    (s) => s.organizationId === organizationId && s.deletedAt === null && (!visibleOnly || s.resolvedLevel !== "none")
  )

export const makeMemorySpaceRepository = (store: MemoryStore): Context.Tag.Service<typeof SpaceRepository> => ({
  insert: (space) => store.write((t) => ({ ...t, spaces: insertNew(t.spaces, space.id, space, "space") })),
  update: (space) => store.write((t) => ({ ...t, spaces: replaceExisting(t.spaces, space.id, space) })),
  purge: (id) => store.write((t) => ({ ...t, spaces: HashMap.remove(t.spaces, id) })),
  findById: (id) => store.read((t) => HashMap.get(t.spaces, id)),
  findWithMembership: (id, userId) =>
    store.read((t) =>
      Option.map(HashMap.get(t.spaces, id), (space) => ({
        space,
        member: HashMap.get(t.members, pairKey(space.organizationId, userId))
      }))
    ),
  lastPosition: (organizationId, parentId) =>
    store.read((t) =>
      greatest(liveSpaces(t, organizationId, false).filter((s) => s.parentId === parentId).map((s) => s.position))
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
  listExpired: (deletedBefore, limit) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.spaces).filter((s) => s.deletedAt !== null && s.deletedAt <= deletedBefore),
        (s) => [s.deletedAt!, s.id]
      )
        .slice(0, limit)
        .map((s) => s.id)
    )
})
