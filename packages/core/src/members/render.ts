import type { Urls } from "../shared/Urls.js"
import { renderUser } from "../users/render.js"
import type { MemberRecord, MemberRow } from "../storage/members/MemberRecord.js"
import type { Member } from "./Member.js"

/** How many spaces of the organization exist, and how many are visible to ordinary members. */
export interface MemberSpaceCounts {
  readonly all: number
  readonly visible: number
}

/**
 * Admins reach every space, other members those not hidden from them; guests reach none
 * of their own, nor does a disabled member.
 */
export const spacesReachable = (member: MemberRecord, counts: MemberSpaceCounts): number =>
  member.disabled || member.role === null ? 0 : member.role === "admin" ? counts.all : counts.visible

export const renderMember = (urls: Urls["Type"], row: MemberRow, counts: MemberSpaceCounts): Member => ({
  object: "member",
  id: row.user.id,
  role: row.member.role,
  user: renderUser(urls, row.user),
  disabled: row.member.disabled,
  joinedAt: row.member.joinedAt,
  lastSeenAt: row.member.lastSeenAt ?? undefined,
  sso: row.member.sso,
  spaces: spacesReachable(row.member, counts),
  teams: row.teams,
  // No sites exist yet.
  sites: 0
})
