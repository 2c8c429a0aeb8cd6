import { Effect, Option } from "effect"
import { Conflict, Forbidden, InvalidInput, NotFound } from "../shared/errors.js"
import type { CollectionId, OrganizationId, SpaceId, TeamId } from "../shared/ids.js"
import { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { Actor } from "./Actor.js"
import type { Authorized } from "../storage/Authorized.js"
import type { AccessChecked } from "./Authorized.js"
import type { CollectionGrant, OrganizationGrant, Parent, SpaceGrant, TeamGrant } from "./Grant.js"
import type { CollectionPermissions, OrganizationPermissions, SpacePermissions, TeamPermissions } from "./permissions.js"
import {
  canCreateContent,
  collectionPermissions,
  contentLevel,
  organizationPermissions,
  spacePermissions,
  teamPermissions
} from "./Policy.js"

/** The caller's active membership of one organization. */
export interface Membership {
  readonly organizationId: OrganizationId
  readonly member: MemberRecord
}

/** What the caller needs on a resource, and the words that name it in a refusal. */
export type Need<P> = [] | [permission: keyof P, action: string]

/** Fails with `Forbidden` naming the action unless `allowed`. */
export const ensure = (allowed: boolean, action: string): Effect.Effect<void, Forbidden> =>
  allowed ? Effect.void : Effect.fail(new Forbidden({ message: `Your role does not allow you to ${action}` }))

export const ensureNeed = <P>(permissions: P, need: Need<P>): Effect.Effect<void, Forbidden> =>
  need.length === 0 ? Effect.void : ensure(permissions[need[0]] as boolean, need[1])

/**
 * Makes an answer of `Access`, the one way it discharges `Authorized`: `Access` is the
 * authority, so its own reads of guarded records need no grant (they are how grants are
 * decided). The answer is marked instead, and an effect that yields it may be `authorized`.
 */
const checked = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  self as Effect.Effect<A, E, Exclude<R, Authorized> | AccessChecked>

/**
 * The one place that loads what the caller may see and decides, with the pure rules of
 * `Policy`, what it may do there. What the caller may not see is `NotFound`, exactly as if
 * it did not exist; what it sees but may not do is `Forbidden`.
 */
export class Access extends Effect.Service<Access>()("@quire/core/Access", {
  effect: Effect.gen(function* () {
    const organizations = yield* OrganizationRepository
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const collections = yield* CollectionRepository
    const spaces = yield* SpaceRepository

    /**
     * The caller's active membership, in one query: what content access needs. Someone who is
     * not an active member gets `onMissing()` (built only then: errors capture a stack).
     */
    const findMembership = (
      organizationId: OrganizationId,
      onMissing: () => NotFound | InvalidInput = () => NotFound.of("Organization", organizationId)
    ) =>
      Effect.flatMap(Actor, (actor) =>
        Effect.flatMap(members.find(organizationId, actor.id), (member) =>
          Option.isNone(member) || member.value.disabled
            ? Effect.fail(onMissing())
            : Effect.succeed<Membership>({ organizationId, member: member.value })
        )
      )

    const loadOrganization = (organizationId: OrganizationId, onMissing?: () => NotFound | InvalidInput) =>
      Effect.gen(function* () {
        const { member } = yield* findMembership(organizationId, onMissing)
        const record = yield* Effect.flatten(organizations.findById(organizationId)).pipe(
          Effect.orElseFail(onMissing ?? (() => NotFound.of("Organization", organizationId)))
        )
        const ownsTeam = yield* teams.ownsAny(organizationId, member.userId)
        return {
          record,
          member,
          level: member.role,
          permissions: organizationPermissions(member, ownsTeam)
        } satisfies OrganizationGrant
      })

    /** The organization as seen by a member; anyone else gets `NotFound`. */
    const organization = (organizationId: OrganizationId, ...need: Need<OrganizationPermissions>) =>
      checked(Effect.tap(loadOrganization(organizationId), (grant) => ensureNeed(grant.permissions, need)))

    /** The caller's membership only (one query), for what needs no more of the organization. */
    const membership = (organizationId: OrganizationId) => checked(findMembership(organizationId))

    /** A collection the caller can view; anything else is `NotFound`. */
    const collection = (id: CollectionId, ...need: Need<CollectionPermissions>) =>
      checked(
        Effect.gen(function* () {
          const notFound = () => NotFound.of("Collection", id)
          const record = yield* Effect.flatten(collections.findById(id)).pipe(Effect.orElseFail(notFound))
          const { member } = yield* findMembership(record.organizationId, notFound)
          const level = contentLevel(member, record.resolvedLevel)
          const permissions = collectionPermissions(level)
          if (!permissions.view) return yield* Effect.fail(notFound())
          yield* ensureNeed(permissions, need)
          return { record, member, level, permissions } satisfies CollectionGrant
        })
      )

    /**
     * A space the caller can view, decided from one lookup of the space with the caller's
     * membership. A deleted space is seen only by those who administer it (so they can
     * restore it); for anyone else it is `NotFound`. Written without a generator: it runs on
     * nearly every request.
     */
    const viewSpace = (id: SpaceId): Effect.Effect<SpaceGrant, NotFound, Actor | Authorized> =>
      Effect.flatMap(Actor, (actor) =>
        Effect.flatMap(spaces.findWithMembership(id, actor.id), (found) => {
          if (Option.isSome(found)) {
            const { space: record, member } = found.value
            if (Option.isSome(member) && !member.value.disabled) {
              const level = contentLevel(member.value, record.resolvedLevel)
              const permissions = spacePermissions(level, record.editMode)
              if (permissions.view && (record.deletedAt === null || permissions.admin)) {
                return Effect.succeed({ record, member: member.value, level, permissions })
              }
            }
          }
          return Effect.fail(NotFound.of("Space", id))
        })
      )

    /** A space the caller can view, deleted ones included for its admins. */
    const space = (id: SpaceId, ...need: Need<SpacePermissions>) =>
      checked(need.length === 0 ? viewSpace(id) : Effect.tap(viewSpace(id), (grant) => ensureNeed(grant.permissions, need)))

    /** A space that is not deleted (else `Conflict`), with one space permission ensured. */
    const activeSpace = (id: SpaceId, permission: keyof SpacePermissions, action: string) =>
      checked(
        Effect.tap(viewSpace(id), (grant) =>
          grant.record.deletedAt !== null
            ? Effect.fail(new Conflict({ message: `Space "${id}" is deleted; restore it first` }))
            : ensure(grant.permissions[permission], action)
        )
      )

    /** A team of an organization the caller is a member of, with the caller's role in the team. */
    const team = (organizationId: OrganizationId, teamId: TeamId, ...need: Need<TeamPermissions>) =>
      checked(
        Effect.gen(function* () {
          const { member } = yield* findMembership(organizationId)
          const record = yield* Effect.flatten(teams.find(organizationId, teamId)).pipe(
            Effect.orElseFail(() => NotFound.of("Team", teamId))
          )
          const level = Option.getOrUndefined(yield* teams.findMember(teamId, member.userId))?.role
          const permissions = teamPermissions(member, level)
          yield* ensureNeed(permissions, need)
          return { record, member, level, permissions } satisfies TeamGrant
        })
      )

    /**
     * The parent that content may be created in (or moved into) by the caller. A collection that
     * does not exist, is in another organization or is hidden from the caller is the same
     * `InvalidInput` naming `parent`, so its existence does not leak; one the caller sees but may
     * not create in is `Forbidden`.
     */
    const parent = (organization: Membership, parentId: CollectionId | null) =>
      checked(
        Effect.gen(function* () {
          if (parentId === null) {
            yield* ensure(canCreateContent(organization.member), "create content in this organization")
            return { collection: null } satisfies Parent
          }
          const found = Option.filter(
            yield* collections.findById(parentId),
            (c) => c.organizationId === organization.organizationId
          )
          const level = Option.isSome(found) ? contentLevel(organization.member, found.value.resolvedLevel) : undefined
          if (Option.isNone(found) || !collectionPermissions(level).view) {
            return yield* Effect.fail(
              InvalidInput.of("parent", `collection "${parentId}" was not found in this organization`)
            )
          }
          yield* ensure(collectionPermissions(level).create, "create content in this collection")
          return { collection: found.value } satisfies Parent
        })
      )

    /**
     * The parent an existing item sits in, when the caller wants to add to it (a duplicate): the
     * caller already knows it from the item, so lacking the right there is `Forbidden`, not a bad `parent`.
     */
    const existingParent = (organization: Membership, parentId: CollectionId | null) =>
      Effect.catchTag(parent(organization, parentId), "InvalidInput", () =>
        Effect.fail(new Forbidden({ message: "Your role does not allow you to create content in this collection" }))
      )

    /**
     * The organization content is transferred to: the caller must be a member there (else the
     * same `InvalidInput` whether it exists or not) and may create content there.
     */
    const transferTarget = (organizationId: OrganizationId) =>
      checked(
        Effect.tap(
          loadOrganization(organizationId, () =>
            InvalidInput.of("organization", `organization "${organizationId}" was not found`)
          ),
          (grant) => ensure(grant.permissions.createContent, "create content in the target organization")
        )
      )

    return {
      organization,
      membership,
      collection,
      space,
      activeSpace,
      team,
      parent,
      existingParent,
      transferTarget
    } as const
  })
}) {}
