import type { OrganizationId } from "../../shared/ids.js"
import type { MemberRoleOrGuest } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"

export type OrganizationType = "business" | "community"

export interface OrganizationRecord {
  readonly id: OrganizationId
  readonly title: string
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
  readonly emailDomains: ReadonlyArray<string>
  readonly hostname: string | null
  readonly type: OrganizationType
  readonly defaultRole: MemberRoleOrGuest
  /** Id of the site shown by default, or null. */
  readonly defaultContentSite: string | null
  readonly logo: string | null
  readonly sso: boolean
  readonly ai: boolean
  readonly inviteLinks: boolean
}
