import { type TeamId, type TeamQuery, type TeamRepository, type TeamRow, teamSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { memberRow, teamCounts } from "../members/memberRows.js"
import { containsFolded, sliceBy } from "../shared/sorting.js"
import { insertNew, pairKey, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { Tables } from "../shared/Tables.js"
import { membersTable } from "../members/membersTable.js"
import { teamRow } from "./teamRows.js"
import { teamMembersTable, teamsTable } from "./teamTables.js"

const matches =
  (t: Tables, query: TeamQuery) =>
  (row: TeamRow): boolean => {
    if (query.title !== undefined && !containsFolded(row.team.title, query.title)) return false
    if (query.owner !== undefined) {
      const owner = HashMap.get(t.rows(teamMembersTable), pairKey(row.team.id, query.owner))
      if (!Option.exists(owner, (m) => m.role === "owner")) return false
    }
    return true
  }

const teamRowsOf = (t: Tables, organizationId: string): Array<TeamRow> => {
  const counts = new Map<TeamId, number>()
  for (const m of HashMap.values(t.rows(teamMembersTable))) counts.set(m.teamId, (counts.get(m.teamId) ?? 0) + 1)
  return rowsOf(t.rows(teamsTable))
    .filter((team) => team.organizationId === organizationId)
    .map((team) => ({ team, members: counts.get(team.id) ?? 0 }))
}

export const makeMemoryTeamRepository = (store: MemoryStore): Context.Tag.Service<typeof TeamRepository> => ({
  insert: (team) => store.write((t) => t.update(teamsTable, (rows) => insertNew(rows, team.id, team, "team"))),
  update: (team) => store.write((t) => t.update(teamsTable, (rows) => replaceExisting(rows, team.id, team))),
  delete: (id) =>
    store.write((t) =>
      t
        .update(teamsTable, (rows) => HashMap.remove(rows, id))
        .update(teamMembersTable, (rows) => HashMap.filter(rows, (m) => m.teamId !== id))
    ),
  find: (organizationId, id) =>
    store.read((t) => Option.filter(teamRow(t, id), (row) => row.team.organizationId === organizationId)),
  list: (organizationId, query, keyset) =>
    store.read((t) => sliceBy(teamRowsOf(t, organizationId).filter(matches(t, query)), keyset, teamSortKey)),
  listForUser: (organizationId, userId, query, keyset) =>
    store.read((t) => {
      const rows = teamRowsOf(t, organizationId)
        .filter(matches(t, query))
        .flatMap((row) =>
          Option.toArray(
            Option.map(HashMap.get(t.rows(teamMembersTable), pairKey(row.team.id, userId)), (m) => ({
              row,
              role: m.role
            }))
          )
        )
      return sliceBy(rows, keyset, (entry) => teamSortKey(entry.row))
    }),
  ownsAny: (organizationId, userId) =>
    store.read((t) =>
      rowsOf(t.rows(teamMembersTable)).some(
        (m) =>
          m.userId === userId &&
          m.role === "owner" &&
          Option.exists(HashMap.get(t.rows(teamsTable), m.teamId), (team) => team.organizationId === organizationId)
      )
    ),
  findMember: (teamId, userId) => store.read((t) => HashMap.get(t.rows(teamMembersTable), pairKey(teamId, userId))),
  upsertMember: (member) =>
    store.write((t) =>
      t.update(teamMembersTable, (rows) => HashMap.set(rows, pairKey(member.teamId, member.userId), member))
    ),
  deleteMember: (teamId, userId) =>
    store.write((t) => t.update(teamMembersTable, (rows) => HashMap.remove(rows, pairKey(teamId, userId)))),
  deleteMemberEverywhere: (organizationId, userId) =>
    store.write((t) =>
      t.with(
        teamMembersTable,
        HashMap.filter(
          t.rows(teamMembersTable),
          (m) =>
            m.userId !== userId ||
            !Option.exists(HashMap.get(t.rows(teamsTable), m.teamId), (team) => team.organizationId === organizationId)
        )
      )
    ),
  listMembers: (teamId, keyset) =>
    store.read((t) => {
      const team = HashMap.get(t.rows(teamsTable), teamId)
      if (Option.isNone(team)) return { rows: [], count: 0 }
      const organizationId = team.value.organizationId
      const counts = teamCounts(t, organizationId)
      const rows = rowsOf(t.rows(teamMembersTable))
        .filter((m) => m.teamId === teamId)
        .flatMap((record) => {
          const member = HashMap.get(t.rows(membersTable), pairKey(organizationId, record.userId))
          const row = Option.flatMap(member, (m) => memberRow(t, m, counts))
          return Option.toArray(Option.map(row, (member) => ({ record, member })))
        })
      return sliceBy(rows, keyset, (entry) => [entry.record.userId])
    })
})
