import type { MemberRecord, MemberRoleOrGuest, MemberRow, OrganizationId, UserId } from "@quire/core"
import { toBool } from "../shared/values.js"
import { JOINED_USER_COLUMNS, type JoinedUserRow, joinedToUserRecord } from "../users/userColumns.js"

export const MEMBER_COLUMNS = "m.organization_id, m.user_id, m.role, m.disabled, m.sso, m.joined_at, m.last_seen_at"

/**
 * A member as listed, from `members m JOIN users u`: the membership, its user, and how many
 * teams of the organization it is in.
 */
export const MEMBER_ROW_COLUMNS = `${MEMBER_COLUMNS}, ${JOINED_USER_COLUMNS},
  (SELECT CAST(COUNT(*) AS INTEGER) FROM team_members ctm JOIN teams ct ON ct.id = ctm.team_id
    WHERE ctm.user_id = m.user_id AND ct.organization_id = m.organization_id) AS teams`

export interface MemberData {
  readonly organizationId: string
  readonly userId: string
  readonly role: string | null
  readonly disabled: unknown
  readonly sso: unknown
  readonly joinedAt: string
  readonly lastSeenAt: string | null
}

export interface MemberRowData extends MemberData, JoinedUserRow {
  readonly teams: unknown
}

export const toMemberRecord = (row: MemberData): MemberRecord => ({
  organizationId: row.organizationId as OrganizationId,
  userId: row.userId as UserId,
  role: row.role as MemberRoleOrGuest,
  disabled: toBool(row.disabled),
  sso: toBool(row.sso),
  joinedAt: row.joinedAt,
  lastSeenAt: row.lastSeenAt
})

export const toMemberRow = (row: MemberRowData): MemberRow => ({
  member: toMemberRecord(row),
  user: joinedToUserRecord(row),
  teams: Number(row.teams)
})
