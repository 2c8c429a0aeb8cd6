import {
  type ChangeRequestQuery,
  type ChangeRequestRecord,
  type ChangeRequestRepository,
  changeRequestSortKey,
  contributorSortKey
} from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy, sortedBy } from "../shared/sorting.js"
import { insertNew, pairKey, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { Tables } from "../shared/Tables.js"
import { changeRequestsTable, contributorsTable } from "./changeRequestTables.js"

/** Numbers are unique per space, as the unique index on (space_id, number) keeps them in SQL. */
const ensureNumberFree = (t: Tables, changeRequest: ChangeRequestRecord) => {
  const taken = rowsOf(t.rows(changeRequestsTable)).some(
    (c) => c.spaceId === changeRequest.spaceId && c.number === changeRequest.number && c.id !== changeRequest.id
  )
  if (taken) {
    throw new Error(`space ${changeRequest.spaceId} already has a change request number ${changeRequest.number}`)
  }
}

const inSpace = (t: Tables, spaceId: string) => rowsOf(t.rows(changeRequestsTable)).filter((c) => c.spaceId === spaceId)

const matches =
  (query: ChangeRequestQuery) =>
  (c: ChangeRequestRecord): boolean =>
    c.status === query.status && (query.createdBy === undefined || c.createdBy === query.createdBy)

export const makeMemoryChangeRequestRepository = (
  store: MemoryStore
): Context.Tag.Service<typeof ChangeRequestRepository> => ({
  insert: (changeRequest) =>
    store.write((t) => {
      ensureNumberFree(t, changeRequest)
      return t.update(changeRequestsTable, (rows) => insertNew(rows, changeRequest.id, changeRequest, "change request"))
    }),
  update: (changeRequest) =>
    store.write((t) => {
      ensureNumberFree(t, changeRequest)
      return t.update(changeRequestsTable, (rows) => replaceExisting(rows, changeRequest.id, changeRequest))
    }),
  findById: (spaceId, id) =>
    store.read((t) => Option.filter(HashMap.get(t.rows(changeRequestsTable), id), (c) => c.spaceId === spaceId)),
  findByMergedRevision: (spaceId, revisionId) =>
    store.read((t) => Option.fromNullable(inSpace(t, spaceId).find((c) => c.revisionMerged === revisionId))),
  findByNumber: (spaceId, number) =>
    store.read((t) => Option.fromNullable(inSpace(t, spaceId).find((c) => c.number === number))),
  lastNumber: (spaceId) => store.read((t) => inSpace(t, spaceId).reduce((last, c) => Math.max(last, c.number), 0)),
  list: (spaceId, query, keyset) =>
    store.read((t) => sliceBy(inSpace(t, spaceId).filter(matches(query)), keyset, changeRequestSortKey, "desc")),
  recordContributor: (changeRequestId, userId, at) =>
    store.write((t) => {
      const key = pairKey(changeRequestId, userId)
      const found = HashMap.get(t.rows(contributorsTable), key)
      const next =
        found._tag === "Some"
          ? {
              ...found.value,
              lastContributedAt: at > found.value.lastContributedAt ? at : found.value.lastContributedAt,
              contributions: found.value.contributions + 1
            }
          : { changeRequestId, userId, firstContributedAt: at, lastContributedAt: at, contributions: 1 }
      return t.update(contributorsTable, (rows) => HashMap.set(rows, key, next))
    }),
  listContributors: (changeRequestId) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.rows(contributorsTable)).filter((c) => c.changeRequestId === changeRequestId),
        contributorSortKey
      )
    )
})
