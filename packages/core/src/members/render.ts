import { Effect } from "effect"
import type { OrganizationId } from "../shared/ids.js"
import { Urls } from "../shared/Urls.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
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

/** Loads the organization's space counts once, and gives a renderer for any number of member rows. */
export const memberRenderer = (organizationId: OrganizationId) =>
  Effect.gen(function* () {
    const spaces = yield* SpaceRepository
    const urls = yield* Urls
    const [all, visible] = yield* Effect.all([spaces.count(organizationId, false), spaces.count(organizationId, true)])
    return (row: MemberRow) => renderMember(urls, row, { all, visible })
  })
