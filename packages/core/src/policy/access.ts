import { Effect, Option } from "effect"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import type { OrganizationRecord } from "../storage/organizations/OrganizationRecord.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { Forbidden, NotFound } from "../shared/errors.js"
import type { OrganizationId } from "../shared/ids.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { Actor } from "./Actor.js"
import { type OrganizationPermissions, organizationPermissions } from "./Policy.js"

/** The caller's active membership of one organization. */
export interface Membership {
  readonly organizationId: OrganizationId
  readonly member: MemberRecord
}

/**
 * The caller's active membership, in one query: what content access needs. Someone who is
 * not an active member gets `onMissing()` (built only then: errors capture a stack).
 */
export const membership = (
  organizationId: OrganizationId,
  onMissing: () => NotFound = () => NotFound.of("Organization", organizationId)
) =>
  Effect.gen(function* () {
    const actor = yield* Actor
    const members = yield* MemberRepository
    const member = yield* members.find(organizationId, actor.id)
    if (Option.isNone(member) || member.value.disabled) return yield* Effect.fail(onMissing())
    return { organizationId, member: member.value } satisfies Membership
  })

/** The caller's standing in one organization. */
export interface OrganizationAccess extends Membership {
  readonly organization: OrganizationRecord
  readonly member: MemberRecord
  readonly permissions: OrganizationPermissions
}

/**
 * Loads an organization as seen by the caller. Someone who is not an active member
 * gets `NotFound`, exactly as if it did not exist.
 */
export const organizationAccess = (organizationId: OrganizationId) =>
  Effect.gen(function* () {
    const organizations = yield* OrganizationRepository
    const teams = yield* TeamRepository
    const { member } = yield* membership(organizationId)
    const organization = yield* Effect.flatten(organizations.findById(organizationId)).pipe(
      Effect.orElseFail(() => NotFound.of("Organization", organizationId))
    )
    const ownsTeam = yield* teams.ownsAny(organizationId, member.userId)
    return {
      organizationId,
      organization,
      member,
      permissions: organizationPermissions(member, ownsTeam)
    } satisfies OrganizationAccess
  })

/** Fails with `Forbidden` naming the action unless `allowed`. */
export const ensure = (allowed: boolean, action: string): Effect.Effect<void, Forbidden> =>
  allowed ? Effect.void : Effect.fail(new Forbidden({ message: `Your role does not allow you to ${action}` }))

/** `organizationAccess`, then `ensure` one organization permission. */
export const organizationAccessFor = (
  organizationId: OrganizationId,
  permission: keyof OrganizationPermissions,
  action: string
) => Effect.tap(organizationAccess(organizationId), (access) => ensure(access.permissions[permission], action))
