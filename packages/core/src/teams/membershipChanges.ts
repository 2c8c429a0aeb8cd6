import type { UserId } from "../shared/ids.js"
import type { TeamMemberRole } from "../storage/teams/TeamRecord.js"

export interface TeamMemberChanges {
  readonly add: ReadonlyArray<UserId>
  readonly memberships: ReadonlyArray<{ readonly userId: UserId; readonly role: TeamMemberRole }>
  readonly remove: ReadonlyArray<UserId>
}

/**
 * The team's members after a bulk change, in the order the API defines: `add` (new members
 * join as `member`, present ones keep their role), then `memberships` (set roles), then
 * `remove` — so a user both added and removed ends up removed.
 */
export const applyTeamMemberChanges = (
  current: ReadonlyMap<UserId, TeamMemberRole>,
  changes: TeamMemberChanges
): Map<UserId, TeamMemberRole> => {
  const next = new Map(current)
  for (const userId of changes.add) if (!next.has(userId)) next.set(userId, "member")
  for (const { userId, role } of changes.memberships) next.set(userId, role)
  for (const userId of changes.remove) next.delete(userId)
  return next
}
