import type { MemberRecord, MemberRow, OrganizationId, UserId } from "@quire/core"
import { HashMap, Option } from "effect"
import { pairKey } from "../shared/keyedRows.js"
import type { Tables } from "../shared/Tables.js"
import { teamMembersTable, teamsTable } from "../teams/teamTables.js"
import { usersTable } from "../users/usersTable.js"
import { membersTable } from "./membersTable.js"

/** Member rows (a membership with its user and team count), read by the member and team repositories. */

/** How many teams of the organization each user is in, computed once per list. */
export const teamCounts = (t: Tables, organizationId: OrganizationId): Map<UserId, number> => {
  const counts = new Map<UserId, number>()
  for (const tm of HashMap.values(t.rows(teamMembersTable))) {
    if (Option.exists(HashMap.get(t.rows(teamsTable), tm.teamId), (team) => team.organizationId === organizationId)) {
      counts.set(tm.userId, (counts.get(tm.userId) ?? 0) + 1)
    }
  }
  return counts
}

/** A membership with its user and team count; none when the user is missing. */
export const memberRow = (t: Tables, member: MemberRecord, counts: Map<UserId, number>): Option.Option<MemberRow> =>
  Option.map(HashMap.get(t.rows(usersTable), member.userId), (user) => ({
    member,
    user,
    teams: counts.get(member.userId) ?? 0
  }))

export const findMemberRow = (t: Tables, organizationId: OrganizationId, userId: UserId): Option.Option<MemberRow> =>
  Option.flatMap(HashMap.get(t.rows(membersTable), pairKey(organizationId, userId)), (member) =>
    memberRow(t, member, teamCounts(t, organizationId))
  )
