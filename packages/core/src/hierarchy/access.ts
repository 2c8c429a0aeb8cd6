import { Effect, Option } from "effect"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import { Actor } from "../policy/Actor.js"
import { ensure, type Membership, membership, organizationAccess } from "../policy/access.js"
import { canCreateContent, type CollectionPermissions, collectionPermissions, contentLevel, type SpacePermissions, spacePermissions } from "../policy/Policy.js"
import { Conflict, Forbidden, InvalidInput, NotFound } from "../shared/errors.js"
import type { CollectionId, OrganizationId, SpaceId } from "../shared/ids.js"
import type { MemberRole } from "../shared/role.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import type { ResolvedLevel } from "../shared/ResolvedLevel.js"

/** The caller's standing on one collection or space. */
export interface ContentAccess<R> {
  readonly organization: Membership
  readonly record: R
  readonly level: MemberRole | undefined
}

/**
 * The organization as seen by the caller, failing with `notFound` (the content's own
 * NotFound) for a non-member, so the error names nothing the caller may not know.
 */
export const memberAccess = (organizationId: OrganizationId, notFound: () => NotFound) =>
  membership(organizationId, notFound)

/** A collection the caller can view; anything else is `NotFound`. */
export const collectionAccess = (id: string) =>
  Effect.gen(function* () {
    const collections = yield* CollectionRepository
    const notFound = () => NotFound.of("Collection", id)
    const record = yield* Effect.flatten(collections.findById(id as CollectionId)).pipe(Effect.orElseFail(notFound))
    const organization = yield* memberAccess(record.organizationId, notFound)
    const level = contentLevel(organization.member, record.resolvedLevel)
    if (!collectionPermissions(level).view) return yield* Effect.fail(notFound())
    return { organization, record, level } satisfies ContentAccess<CollectionRecord>
  })

/** `collectionAccess`, then `ensure` one collection permission. */
export const collectionAccessFor = (id: string, permission: keyof CollectionPermissions, action: string) =>
  Effect.tap(collectionAccess(id), (access) => ensure(collectionPermissions(access.level)[permission], action))

/**
 * A space the caller can view, decided from one lookup of the space with the caller's
 * membership. A deleted space is seen only by those who administer it (so they can
 * restore it); for anyone else it is `NotFound`. Written without a generator and with the
 * repository passed in: it runs on nearly every request.
 */
export const spaceAccessIn =
  (spaces: SpaceRepository["Type"]) =>
  (id: string): Effect.Effect<ContentAccess<SpaceRecord>, NotFound, Actor> =>
    Effect.flatMap(Actor, (actor) =>
      Effect.flatMap(spaces.findWithMembership(id as SpaceId, actor.id), (found) => {
        if (Option.isSome(found)) {
          const { space: record, member } = found.value
          if (Option.isSome(member) && !member.value.disabled) {
            const level = contentLevel(member.value, record.resolvedLevel)
            const permissions = spacePermissions(level, record.editMode)
            if (permissions.view && (record.deletedAt === null || permissions.admin)) {
              const organization: Membership = { organizationId: record.organizationId, member: member.value }
              return Effect.succeed({ organization, record, level })
            }
          }
        }
        return Effect.fail(NotFound.of("Space", id))
      })
    )

/** `spaceAccessIn` with the repository from the context. */
export const spaceAccess = (id: string) => Effect.flatMap(SpaceRepository, (spaces) => spaceAccessIn(spaces)(id))

/** A space that is not deleted, with one space permission `ensure`d. */
export const activeSpaceAccessFor = (id: string, permission: keyof SpacePermissions, action: string) =>
  Effect.gen(function* () {
    const access = yield* spaceAccess(id)
    if (access.record.deletedAt !== null) {
      return yield* Effect.fail(new Conflict({ message: `Space "${id}" is deleted; restore it first` }))
    }
    yield* ensure(spacePermissions(access.level, access.record.editMode)[permission], action)
    return access
  })

/** Where new or moved content goes: a collection, or the organization's root (`null`). */
export interface Parent {
  readonly collection: CollectionRecord | null
  readonly resolvedLevel: ResolvedLevel | undefined
}

/**
 * The parent that content may be created in (or moved into) by the caller. A collection that
 * does not exist, is in another organization or is hidden from the caller is the same
 * `InvalidInput` naming `parent`, so its existence does not leak; one the caller sees but may
 * not create in is `Forbidden`.
 */
export const parentFor = (organization: Membership, parentId: string | null) =>
  Effect.gen(function* () {
    if (parentId === null) {
      yield* ensure(canCreateContent(organization.member), "create content in this organization")
      return { collection: null, resolvedLevel: undefined } satisfies Parent
    }
    const collections = yield* CollectionRepository
    const found = Option.filter(
      yield* collections.findById(parentId as CollectionId),
      (c) => c.organizationId === organization.organizationId
    )
    const level = Option.isSome(found) ? contentLevel(organization.member, found.value.resolvedLevel) : undefined
    if (Option.isNone(found) || !collectionPermissions(level).view) {
      return yield* Effect.fail(InvalidInput.of("parent", `collection "${parentId}" was not found in this organization`))
    }
    yield* ensure(collectionPermissions(level).create, "create content in this collection")
    return { collection: found.value, resolvedLevel: found.value.resolvedLevel } satisfies Parent
  })

/**
 * The parent an existing item sits in, when the caller wants to add to it (a duplicate): the
 * caller already knows it from the item, so lacking the right there is `Forbidden`, not a bad `parent`.
 */
export const existingParentFor = (organization: Membership, parentId: string | null) =>
  Effect.catchTag(parentFor(organization, parentId), "InvalidInput", () =>
    Effect.fail(new Forbidden({ message: "Your role does not allow you to create content in this collection" }))
  )

/** The resolved level of the collection an item sits in, or undefined at the root. */
export const parentLevel = (parentId: CollectionId | null) =>
  Effect.gen(function* () {
    if (parentId === null) return undefined
    const collections = yield* CollectionRepository
    return Option.getOrUndefined(Option.map(yield* collections.findById(parentId), (c) => c.resolvedLevel))
  })

/**
 * The organization content is transferred to: the caller must be a member there (else the
 * same `InvalidInput` whether it exists or not) and may create content there.
 */
export const transferTarget = (organizationId: string) =>
  Effect.gen(function* () {
    const target = yield* organizationAccess(organizationId as OrganizationId).pipe(
      Effect.catchTag("NotFound", () =>
        Effect.fail(InvalidInput.of("organization", `organization "${organizationId}" was not found`))
      )
    )
    yield* ensure(target.permissions.createContent, "create content in the target organization")
    return target
  })
