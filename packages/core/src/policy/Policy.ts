import type { ResolvedLevel } from "../shared/ResolvedLevel.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { atLeast, type MemberRole, minRole } from "../shared/role.js"
import type { SpaceEditMode } from "../storage/spaces/SpaceRecord.js"
import type { CollectionPermissions, OrganizationPermissions, SpacePermissions, TeamPermissions } from "./permissions.js"
import type { TeamMemberRole } from "../storage/teams/TeamRecord.js"

/**
 * The one place that decides what a caller may do. Pure: services check these
 * functions before they act, and the same functions fill the `permissions` objects,
 * so what a resource says the caller can do is what the services let it do.
 */

/** An active membership (disabled members count as none). */
const active = (member: MemberRecord | undefined): member is MemberRecord => member !== undefined && !member.disabled

export const organizationPermissions = (
  member: MemberRecord | undefined,
  ownsTeam: boolean
): OrganizationPermissions => {
  const isMember = active(member)
  const role = isMember ? member.role : null
  const admin = role === "admin"
  const nonGuest = isMember && role !== null
  return {
    view: isMember,
    access: isMember,
    admin,
    ownTeam: isMember && ownsTeam,
    createContent: atLeast(role, "create"),
    createOpenAPISpec: atLeast(role, "create"),
    viewBilling: admin,
    listMembers: nonGuest,
    listTeams: nonGuest,
    listIntegrations: isMember,
    listInstallations: admin,
    installIntegration: admin
  }
}

/** Whether the member may create spaces and collections at the organization's root. */
export const canCreateContent = (member: MemberRecord | undefined): boolean =>
  organizationPermissions(member, false).createContent

/**
 * A member's level on a collection or space: organization admins administer everything;
 * guests get nothing; others get their role capped by the content's resolved default level.
 * `undefined` means no access at all.
 */
export const contentLevel = (member: MemberRecord | undefined, resolved: ResolvedLevel): MemberRole | undefined => {
  if (!active(member) || member.role === null) return undefined
  if (member.role === "admin") return "admin"
  if (resolved === "none") return undefined
  if (resolved === "inherit") return member.role
  return minRole(member.role, resolved) ?? undefined
}

export const collectionPermissions = (level: MemberRole | undefined): CollectionPermissions => ({
  view: atLeast(level, "read"),
  admin: atLeast(level, "create"),
  viewInviteLinks: atLeast(level, "create"),
  create: atLeast(level, "create")
})

/** A locked space refuses every content change, whoever asks; its admins can unlock it. */
export const spacePermissions = (level: MemberRole | undefined, editMode: SpaceEditMode): SpacePermissions => {
  const live = editMode === "live"
  return {
    view: atLeast(level, "read"),
    access: atLeast(level, "read"),
    admin: atLeast(level, "create"),
    viewInviteLinks: atLeast(level, "create"),
    edit: live && atLeast(level, "edit"),
    triggerGitSync: live && atLeast(level, "edit"),
    comment: atLeast(level, "comment"),
    merge: live && atLeast(level, "review"),
    review: atLeast(level, "review"),
    installIntegration: atLeast(level, "create")
  }
}

/** Organization admins and the team's owners manage a team; every non-guest member sees it. */
export const teamPermissions = (member: MemberRecord | undefined, teamRole: TeamMemberRole | undefined): TeamPermissions => {
  const isMember = active(member)
  return {
    admin: isMember && (member.role === "admin" || teamRole === "owner"),
    view: isMember && member.role !== null
  }
}
