import { type MemberQuery, type MemberRepository, type MemberRow, memberSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { findMemberRow, memberRow, teamCounts } from "./memberRows.js"
import { containsFolded, sliceBy } from "../shared/sorting.js"
import { insertNew, pairKey, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import { membersTable } from "./membersTable.js"

const matches =
  (query: MemberQuery) =>
  (row: MemberRow): boolean => {
    if (query.role !== undefined && row.member.role !== (query.role === "guest" ? null : query.role)) return false
    if (
      query.search !== undefined &&
      !containsFolded(row.user.displayName, query.search) &&
      !containsFolded(row.user.email, query.search)
    )
      return false
    if (query.sort === "lastSeenAt" && row.member.lastSeenAt === null) return false
    return true
  }

export const makeMemoryMemberRepository = (store: MemoryStore): Context.Tag.Service<typeof MemberRepository> => ({
  insert: (member) =>
    store.write((t) =>
      t.update(membersTable, (rows) => insertNew(rows, pairKey(member.organizationId, member.userId), member, "member"))
    ),
  update: (member) =>
    store.write((t) =>
      t.update(membersTable, (rows) => replaceExisting(rows, pairKey(member.organizationId, member.userId), member))
    ),
  delete: (organizationId, userId) =>
    store.write((t) => t.update(membersTable, (rows) => HashMap.remove(rows, pairKey(organizationId, userId)))),
  find: (organizationId, userId) =>
    store.read((t) => HashMap.get(t.rows(membersTable), pairKey(organizationId, userId))),
  findRow: (organizationId, userId) => store.read((t) => findMemberRow(t, organizationId, userId)),
  list: (organizationId, query, keyset) =>
    store.read((t) => {
      const counts = teamCounts(t, organizationId)
      const rows = rowsOf(t.rows(membersTable))
        .filter((m) => m.organizationId === organizationId)
        .flatMap((m) => Option.toArray(memberRow(t, m, counts)))
        .filter(matches(query))
      return sliceBy(rows, keyset, memberSortKey(query.sort), query.order)
    }),
  countAdmins: (organizationId) =>
    store.read(
      (t) =>
        rowsOf(t.rows(membersTable)).filter((m) => m.organizationId === organizationId && m.role === "admin").length
    )
})
