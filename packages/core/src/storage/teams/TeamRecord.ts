import type { OrganizationId, TeamId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

export type TeamMemberRole = "owner" | "member"

export interface TeamRecord {
  readonly id: TeamId
  readonly organizationId: OrganizationId
  readonly title: string
  readonly createdAt: Timestamp
}

/** A team as listed, with its member count. */
export interface TeamRow {
  readonly team: TeamRecord
  readonly members: number
}

export interface TeamMemberRecord {
  readonly teamId: TeamId
  readonly userId: UserId
  readonly role: TeamMemberRole
}
