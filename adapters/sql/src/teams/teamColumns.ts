import type { OrganizationId, TeamId, TeamRow } from "@quire/core"

/** A team as listed, from `teams t`, with its member count. */
export const TEAM_ROW_COLUMNS = `t.id, t.organization_id, t.title, t.created_at,
  (SELECT CAST(COUNT(*) AS INTEGER) FROM team_members ctm WHERE ctm.team_id = t.id) AS members`

export interface TeamRowData {
  readonly id: string
  readonly organizationId: string
  readonly title: string
  readonly createdAt: string
  readonly members: unknown
}

export const toTeamRow = (row: TeamRowData): TeamRow => ({
  team: {
    id: row.id as TeamId,
    organizationId: row.organizationId as OrganizationId,
    title: row.title,
    createdAt: row.createdAt
  },
  members: Number(row.members)
})
