import { Effect, Schema } from "effect"
import {
  collectionAccess,
  collectionAccessFor,
  type Parent,
  parentFor,
  parentLevel,
  transferTarget
} from "../hierarchy/access.js"
import { MoveInput, TransferInput } from "../hierarchy/inputs.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { endKeyOf, land, siblingsOf } from "../hierarchy/siblings.js"
import { descendantsOf, isWithin, settleDescendants } from "../hierarchy/subtree.js"
import type { MemberRepository } from "../storage/members/MemberRepository.js"
import type { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { organizationAccess } from "../policy/access.js"
import { collectionPermissions, contentLevel, spacePermissions } from "../policy/Policy.js"
import { Conflict, InvalidInput } from "../shared/errors.js"
import { type CollectionId, makeId, type OrganizationId } from "../shared/ids.js"
import { type Page, type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import type { MemberRole } from "../shared/role.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { renderSpace } from "../spaces/render.js"
import { SpaceRepository, spaceSortKey } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import type { TeamRepository } from "../storage/teams/TeamRepository.js"
import type { Collection } from "./Collection.js"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import { CollectionRepository, collectionSortKey } from "../storage/collections/CollectionRepository.js"
import { CreateCollectionInput, UpdateCollectionInput } from "./inputs.js"
import { renderCollection } from "./render.js"

const ListCollectionsOptions = Schema.Struct({ nested: Schema.optional(Schema.Boolean) })
export type ListCollectionsOptions = { readonly nested?: boolean | undefined } & PageRequest

export const UNTITLED_COLLECTION = "Untitled"

export class Collections extends Effect.Service<Collections>()("@quire/core/Collections", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const collections = yield* CollectionRepository
    const spaces = yield* SpaceRepository
    const urls = yield* Urls
    const repositories = yield* Effect.context<
      OrganizationRepository | MemberRepository | TeamRepository | CollectionRepository | SpaceRepository
    >()
    const withRepositories = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.provide(self, repositories)
    const command = <A, E, R>(self: Effect.Effect<A, E, R>) => storage.transaction(withRepositories(self))

    const render = (record: CollectionRecord, level: MemberRole | undefined) =>
      renderCollection(urls, record, collectionPermissions(level))

    const create = (organizationId: string, input: CreateCollectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateCollectionInput)(input)
          const organization = yield* organizationAccess(organizationId as OrganizationId)
          const parent: Parent = yield* parentFor(organization, valid.parent ?? null)
          const parentId = parent.collection?.id ?? null
          const at = yield* now
          const record: CollectionRecord = {
            id: yield* makeId<CollectionId>(),
            organizationId: organization.organizationId,
            parentId,
            title: valid.title ?? UNTITLED_COLLECTION,
            description: null,
            defaultLevel: "inherit",
            resolvedLevel: resolveLevel("inherit", parent.resolvedLevel),
            position: yield* endKeyOf(organization.organizationId, parentId),
            createdAt: at,
            updatedAt: at
          }
          yield* collections.insert(record)
          return render(record, contentLevel(organization.member, record.resolvedLevel))
        })
      )

    const get = (id: string) => withRepositories(Effect.map(collectionAccess(id), (a) => render(a.record, a.level)))

    /** A new `defaultLevel` flows down to everything that inherits it. */
    const update = (id: string, input: UpdateCollectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateCollectionInput)(input)
          const access = yield* collectionAccessFor(id, "admin", "update this collection")
          const current = access.record
          const defaultLevel = valid.defaultLevel !== undefined ? valid.defaultLevel : current.defaultLevel
          const next: CollectionRecord = {
            ...current,
            title: valid.title ?? current.title,
            description: valid.description !== undefined ? valid.description || null : current.description,
            defaultLevel,
            resolvedLevel: resolveLevel(defaultLevel, yield* parentLevel(current.parentId)),
            updatedAt: yield* now
          }
          yield* collections.update(next)
          if (next.resolvedLevel !== current.resolvedLevel) yield* settleDescendants(next, yield* descendantsOf(current))
          return render(next, contentLevel(access.organization.member, next.resolvedLevel))
        })
      )

    /**
     * Deletes the collection and the collections nested in it; every space below is
     * soft-deleted, so it can be restored (to the organization's root) for 7 days.
     */
    const remove = (id: string) =>
      command(
        Effect.gen(function* () {
          const access = yield* collectionAccessFor(id, "admin", "delete this collection")
          const descendants = yield* descendantsOf(access.record)
          const at = yield* now
          for (const space of descendants.spaces) yield* spaces.update({ ...space, deletedAt: at, updatedAt: at })
          for (const collection of [...descendants.collections].reverse()) yield* collections.delete(collection.id)
          yield* collections.delete(access.record.id)
        })
      )

    const listSpaces = (id: string, request: PageRequest) =>
      withRepositories(
        Effect.gen(function* () {
          const access = yield* collectionAccess(id)
          const keyset = yield* toKeyset(request)
          const member = access.organization.member
          const slice = yield* spaces.list(
            access.record.organizationId,
            { parentId: access.record.id, visibleOnly: member.role !== "admin", order: "asc" },
            keyset
          )
          return toPage(keyset, slice, spaceSortKey, (s) =>
            renderSpace(urls, s, spacePermissions(contentLevel(member, s.resolvedLevel), s.editMode))
          )
        })
      )

    const move = (id: string, input: MoveInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveInput)(input)
          const access = yield* collectionAccessFor(id, "admin", "move this collection")
          const current = access.record
          const parentId = valid.parent === undefined ? current.parentId : (valid.parent as CollectionId | null)
          const sameParent = parentId === current.parentId
          let parent: Parent | undefined
          if (!sameParent) {
            if (parentId !== null && (yield* isWithin(parentId, current.id))) {
              return yield* Effect.fail(InvalidInput.of("parent", "a collection cannot be moved into itself or a collection inside it"))
            }
            parent = yield* parentFor(access.organization, parentId)
          }
          const self = { kind: "collection", id: current.id, position: current.position }
          const siblings = yield* siblingsOf(current.organizationId, parentId, self)
          const landing = yield* land(siblings, valid.position, sameParent ? self : undefined)
          if (landing._tag === "unchanged") {
            return yield* Effect.fail(new Conflict({ message: "The move would not change anything" }))
          }
          const resolvedLevel = parent ? resolveLevel(current.defaultLevel, parent.resolvedLevel) : current.resolvedLevel
          const next: CollectionRecord = { ...current, parentId, position: landing.key, resolvedLevel, updatedAt: yield* now }
          yield* collections.update(next)
          if (resolvedLevel !== current.resolvedLevel) yield* settleDescendants(next, yield* descendantsOf(current))
          return render(next, contentLevel(access.organization.member, resolvedLevel))
        })
      )

    /** Moves the collection with everything in it to the root of another organization. */
    const transfer = (id: string, input: TransferInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(TransferInput)(input)
          const access = yield* collectionAccessFor(id, "admin", "transfer this collection")
          const current = access.record
          if (valid.organization === current.organizationId) {
            return yield* Effect.fail(new Conflict({ message: "The collection already belongs to this organization" }))
          }
          const target = yield* transferTarget(valid.organization)
          const resolvedLevel = resolveLevel(current.defaultLevel, undefined)
          const next: CollectionRecord = {
            ...current,
            organizationId: target.organization.id,
            parentId: null,
            position: yield* endKeyOf(target.organization.id, null),
            resolvedLevel,
            updatedAt: yield* now
          }
          const descendants = yield* descendantsOf(current)
          yield* collections.update(next)
          yield* settleDescendants(next, descendants)
          return render(next, contentLevel(target.member, resolvedLevel))
        })
      )

    const list = (organizationId: string, options: ListCollectionsOptions) =>
      withRepositories(
        Effect.gen(function* () {
          const { nested } = yield* validate(ListCollectionsOptions)({ nested: options.nested })
          const keyset = yield* toKeyset(options)
          const organization = yield* organizationAccess(organizationId as OrganizationId)
          const member = organization.member
          // Guests have no level on any content.
          if (member.role === null) return { items: [], count: 0 } satisfies Page<Collection>
          const slice = yield* collections.list(
            organization.organizationId,
            { nested: nested ?? true, visibleOnly: member.role !== "admin" },
            keyset
          )
          return toPage(keyset, slice, collectionSortKey, (c) => render(c, contentLevel(member, c.resolvedLevel)))
        })
      )

    return { create, get, update, remove, listSpaces, move, transfer, list } as const
  })
}) {}

