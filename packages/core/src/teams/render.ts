import type { TeamPermissions } from "../policy/permissions.js"
import type { Team } from "./Team.js"
import type { TeamRow } from "../storage/teams/TeamRecord.js"

export const renderTeam = (row: TeamRow, permissions: TeamPermissions): Team => ({
  object: "team",
  id: row.team.id,
  title: row.team.title,
  members: row.members,
  // Teams are not granted spaces yet.
  spaces: 0,
  createdAt: row.team.createdAt,
  permissions
})
