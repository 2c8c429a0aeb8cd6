import { Effect, Schema } from "effect"
import { Hierarchy } from "../hierarchy/Hierarchy.js"
import { MoveInput, TransferInput } from "../hierarchy/inputs.js"
import { land } from "../hierarchy/landing.js"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import type { CollectionGrant, Parent } from "../policy/Grant.js"
import type { CollectionPermissions } from "../policy/permissions.js"
import { collectionPermissions, contentLevel, spacePermissions } from "../policy/Policy.js"
import { Conflict, InvalidInput } from "../shared/errors.js"
import { type CollectionId, makeId, type OrganizationId } from "../shared/ids.js"
import { type Page, type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { renderSpace } from "../spaces/render.js"
import { makeSpaceCounts } from "../spaces/spaceCounts.js"
import { CommentRepository } from "../storage/comments/CommentRepository.js"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import { CollectionRepository, collectionSortKey } from "../storage/collections/CollectionRepository.js"
import { SpaceRepository, spaceSortKey } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { CustomFieldRepository } from "../storage/custom-fields/CustomFieldRepository.js"
import { carrySpaceValues } from "../custom-fields/spaceValues.js"
import type { Collection } from "./Collection.js"
import { CreateCollectionInput, UpdateCollectionInput } from "./inputs.js"
import { renderCollection } from "./render.js"

const ListCollectionsOptions = Schema.Struct({ nested: Schema.optional(Schema.Boolean) })
export type ListCollectionsOptions = { readonly nested?: boolean | undefined } & PageRequest

export const UNTITLED_COLLECTION = "Untitled"

export class Collections extends Effect.Service<Collections>()("@quire/core/Collections", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const hierarchy = yield* Hierarchy
    const collections = yield* CollectionRepository
    const spaces = yield* SpaceRepository
    const urls = yield* Urls
    const customFieldValues = yield* CustomFieldRepository
    const countsOf = makeSpaceCounts(yield* CommentRepository)

    const command = authorizedCommand(storage)

    const render = (record: CollectionRecord, permissions: CollectionPermissions): Collection =>
      renderCollection(urls, record, permissions)
    /** The collection as `grant`'s holder sees it after a change: its permissions follow the new resolved level. */
    const renderAs = (grant: Pick<CollectionGrant, "member">, record: CollectionRecord): Collection =>
      render(record, collectionPermissions(contentLevel(grant.member, record.resolvedLevel)))

    const create = (organizationId: OrganizationId, input: CreateCollectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateCollectionInput)(input)
          const organization = yield* access.organization(organizationId)
          const membership = { organizationId, member: organization.member }
          const parent: Parent = yield* access.parent(membership, valid.parent ?? null)
          const parentId = parent.collection?.id ?? null
          const at = yield* now
          const record: CollectionRecord = {
            id: yield* makeId<CollectionId>(),
            organizationId,
            parentId,
            title: valid.title ?? UNTITLED_COLLECTION,
            description: null,
            defaultLevel: "inherit",
            resolvedLevel: resolveLevel("inherit", parent.collection?.resolvedLevel),
            position: yield* hierarchy.endKeyOf(organizationId, parentId),
            createdAt: at,
            updatedAt: at
          }
          yield* collections.insert(record)
          return renderAs(organization, record)
        })
      )

    const get = (id: CollectionId) =>
      authorized(Effect.map(access.collection(id), (grant) => render(grant.record, grant.permissions)))

    /** A new `defaultLevel` flows down to everything that inherits it. */
    const update = (id: CollectionId, input: UpdateCollectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateCollectionInput)(input)
          const grant = yield* access.collection(id, "admin", "update this collection")
          const current = grant.record
          const defaultLevel = valid.defaultLevel !== undefined ? valid.defaultLevel : current.defaultLevel
          const next: CollectionRecord = {
            ...current,
            title: valid.title ?? current.title,
            description: valid.description !== undefined ? valid.description || null : current.description,
            defaultLevel,
            resolvedLevel: resolveLevel(defaultLevel, yield* hierarchy.parentLevel(current.parentId)),
            updatedAt: yield* now
          }
          yield* collections.update(next)
          if (next.resolvedLevel !== current.resolvedLevel) {
            yield* hierarchy.settleDescendants(next, yield* hierarchy.descendantsOf(current))
          }
          return renderAs(grant, next)
        })
      )

    /**
     * Deletes the collection and the collections nested in it; every space below is
     * soft-deleted, so it can be restored (to the organization's root) for 7 days.
     */
    const remove = (id: CollectionId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.collection(id, "admin", "delete this collection")
          const descendants = yield* hierarchy.descendantsOf(grant.record)
          const at = yield* now
          for (const space of descendants.spaces) yield* spaces.update({ ...space, deletedAt: at, updatedAt: at })
          for (const collection of [...descendants.collections].reverse()) yield* collections.delete(collection.id)
          yield* collections.delete(grant.record.id)
        })
      )

    const listSpaces = (id: CollectionId, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* access.collection(id)
          const keyset = yield* toKeyset(request)
          const member = grant.member
          const slice = yield* spaces.list(
            grant.record.organizationId,
            { parentId: grant.record.id, visibleOnly: member.role !== "admin", order: "asc" },
            keyset
          )
          const counts = yield* countsOf(slice.rows.slice(0, keyset.limit).map((s) => s.id))
          return toPage(keyset, slice, spaceSortKey, (s) =>
            renderSpace(urls, s, spacePermissions(contentLevel(member, s.resolvedLevel), s.editMode), counts(s.id))
          )
        })
      )

    const move = (id: CollectionId, input: MoveInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveInput)(input)
          const grant = yield* access.collection(id, "admin", "move this collection")
          const current = grant.record
          const parentId = valid.parent === undefined ? current.parentId : valid.parent
          const sameParent = parentId === current.parentId
          let parent: Parent | undefined
          if (!sameParent) {
            if (parentId !== null && (yield* hierarchy.isWithin(parentId, current.id))) {
              return yield* Effect.fail(
                InvalidInput.of("parent", "a collection cannot be moved into itself or a collection inside it")
              )
            }
            const membership = { organizationId: current.organizationId, member: grant.member }
            parent = yield* access.parent(membership, parentId)
          }
          const self = { kind: "collection", id: current.id, position: current.position }
          const siblings = yield* hierarchy.siblingsOf(current.organizationId, parentId, self)
          const landing = yield* land(siblings, valid.position, sameParent ? self : undefined)
          if (landing._tag === "unchanged") {
            return yield* Effect.fail(new Conflict({ message: "The move would not change anything" }))
          }
          const resolvedLevel = parent
            ? resolveLevel(current.defaultLevel, parent.collection?.resolvedLevel)
            : current.resolvedLevel
          const next: CollectionRecord = { ...current, parentId, position: landing.key, resolvedLevel, updatedAt: yield* now }
          yield* collections.update(next)
          if (resolvedLevel !== current.resolvedLevel) {
            yield* hierarchy.settleDescendants(next, yield* hierarchy.descendantsOf(current))
          }
          return renderAs(grant, next)
        })
      )

    /** Moves the collection with everything in it to the root of another organization. */
    const transfer = (id: CollectionId, input: TransferInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(TransferInput)(input)
          const grant = yield* access.collection(id, "admin", "transfer this collection")
          const current = grant.record
          if (valid.organization === current.organizationId) {
            return yield* Effect.fail(new Conflict({ message: "The collection already belongs to this organization" }))
          }
          const target = yield* access.transferTarget(valid.organization)
          const resolvedLevel = resolveLevel(current.defaultLevel, undefined)
          const next: CollectionRecord = {
            ...current,
            organizationId: target.record.id,
            parentId: null,
            position: yield* hierarchy.endKeyOf(target.record.id, null),
            resolvedLevel,
            updatedAt: yield* now
          }
          const descendants = yield* hierarchy.descendantsOf(current)
          yield* collections.update(next)
          yield* hierarchy.settleDescendants(next, descendants)
          for (const space of descendants.spaces) yield* carrySpaceValues(customFieldValues, space.id, target.record.id)
          return renderAs(target, next)
        })
      )

    const list = (organizationId: OrganizationId, options: ListCollectionsOptions) =>
      authorized(
        Effect.gen(function* () {
          const { nested } = yield* validate(ListCollectionsOptions)({ nested: options.nested })
          const keyset = yield* toKeyset(options)
          const { member } = yield* access.organization(organizationId)
          // Guests have no level on any content.
          if (member.role === null) return { items: [], count: 0 } satisfies Page<Collection>
          const slice = yield* collections.list(
            organizationId,
            { nested: nested ?? true, visibleOnly: member.role !== "admin" },
            keyset
          )
          return toPage(keyset, slice, collectionSortKey, (c) => renderAs({ member }, c))
        })
      )

    return { create, get, update, remove, listSpaces, move, transfer, list } as const
  }),
  dependencies: [Access.Default, Hierarchy.Default]
}) {}
