import type { TeamId, TeamMemberRecord, TeamRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const teamsTable = table<TeamId, TeamRecord>("teams")

/** Keyed by `pairKey(teamId, userId)`. */
export const teamMembersTable = table<string, TeamMemberRecord>("teamMembers")
