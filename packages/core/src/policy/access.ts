import { Effect, Option } from "effect"
import type { MemberRecord } from "../members/MemberRecord.js"
import { MemberRepository } from "../members/MemberRepository.js"
import type { OrganizationRecord } from "../organizations/OrganizationRecord.js"
import { OrganizationRepository } from "../organizations/OrganizationRepository.js"
import { Forbidden, NotFound } from "../shared/errors.js"
import type { OrganizationId } from "../shared/ids.js"
import { TeamRepository } from "../teams/TeamRepository.js"
import { Actor } from "./Actor.js"
import { type OrganizationPermissions, organizationPermissions } from "./Policy.js"

/** The caller's standing in one organization. */
export interface OrganizationAccess {
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
    const actor = yield* Actor
    const organizations = yield* OrganizationRepository
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const notFound = NotFound.of("Organization", organizationId)
    const organization = yield* Effect.flatten(organizations.findById(organizationId)).pipe(Effect.orElseFail(() => notFound))
    const member = yield* members.find(organizationId, actor.id)
    if (Option.isNone(member) || member.value.disabled) return yield* Effect.fail(notFound)
    const ownsTeam = yield* teams.ownsAny(organizationId, actor.id)
    return {
      organization,
      member: member.value,
      permissions: organizationPermissions(member.value, ownsTeam)
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
