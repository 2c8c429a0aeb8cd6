import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { rank } from "../shared/role.js"
import type { Invite } from "./Invite.js"
import type { InviteRecord } from "../storage/invites/InviteRepository.js"

/** Whether `caller`'s membership already gives everything the invite would. */
export const isRedundant = (invite: InviteRecord, caller: MemberRecord | undefined): boolean =>
  caller !== undefined && !caller.disabled && rank(caller.role) >= rank(invite.role)

export const renderInvite = (invite: InviteRecord, caller: MemberRecord | undefined): Invite => ({
  object: "invite",
  id: invite.id,
  role: invite.role,
  redundant: isRedundant(invite, caller)
})
