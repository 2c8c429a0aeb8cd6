import type { TeamId, TeamRow } from "@quire/core"
import { HashMap, Option } from "effect"
import { rowsOf } from "../shared/keyedRows.js"
import type { Tables } from "../shared/Tables.js"
import { teamMembersTable, teamsTable } from "./teamTables.js"

export const teamMemberCount = (t: Tables, teamId: TeamId): number =>
  rowsOf(t.rows(teamMembersTable)).filter((tm) => tm.teamId === teamId).length

export const teamRow = (t: Tables, teamId: TeamId): Option.Option<TeamRow> =>
  Option.map(HashMap.get(t.rows(teamsTable), teamId), (team) => ({ team, members: teamMemberCount(t, teamId) }))
