import type { OrganizationId, UserId } from "../../shared/ids.js"
import type { MemberRoleOrGuest } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"
import type { UserRecord } from "../users/UserRecord.js"

export interface MemberRecord {
  readonly organizationId: OrganizationId
  readonly userId: UserId
  readonly role: MemberRoleOrGuest
  readonly disabled: boolean
  readonly sso: boolean
  readonly joinedAt: Timestamp
  readonly lastSeenAt: Timestamp | null
}

/** A member as listed: the membership, its user, and how many teams of the organization it is in. */
export interface MemberRow {
  readonly member: MemberRecord
  readonly user: UserRecord
  readonly teams: number
}
