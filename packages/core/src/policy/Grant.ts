import type { MemberRoleOrGuest, MemberRole } from "../shared/role.js"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import type { OrganizationRecord } from "../storage/organizations/OrganizationRecord.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import type { TeamMemberRole, TeamRow } from "../storage/teams/TeamRecord.js"
import type { CollectionPermissions, OrganizationPermissions, SpacePermissions, TeamPermissions } from "./permissions.js"

/** What `Access` answers: the record the caller may act on, the caller's level there, and what it may do. */
export interface Grant<Record, Level, Permissions> {
  readonly record: Record
  /** The caller's active membership of the record's organization. */
  readonly member: MemberRecord
  readonly level: Level
  readonly permissions: Permissions
}

export type OrganizationGrant = Grant<OrganizationRecord, MemberRoleOrGuest, OrganizationPermissions>
export type CollectionGrant = Grant<CollectionRecord, MemberRole | undefined, CollectionPermissions>
export type SpaceGrant = Grant<SpaceRecord, MemberRole | undefined, SpacePermissions>
export type TeamGrant = Grant<TeamRow, TeamMemberRole | undefined, TeamPermissions>
/** Where new or moved content may go: a collection the caller may create in, or the organization's root (`null`). */
export interface Parent {
  readonly collection: CollectionRecord | null
}
