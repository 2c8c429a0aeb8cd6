import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { Effect, Option, Schema } from "effect"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { Hierarchy } from "../hierarchy/Hierarchy.js"
import { MoveInput, TransferInput } from "../hierarchy/inputs.js"
import { land } from "../hierarchy/landing.js"
import { Access, ensure } from "../policy/Access.js"
import { authorized, authorizedCommand, unrestricted } from "../policy/Authorized.js"
import type { SpaceGrant } from "../policy/Grant.js"
import type { SpacePermissions } from "../policy/permissions.js"
import { contentLevel, spacePermissions } from "../policy/Policy.js"
import { Conflict, Gone, NotFound } from "../shared/errors.js"
import { makeId, type OrganizationId, type SpaceId, type UserId } from "../shared/ids.js"
import { keyFor } from "../shared/ordering.js"
import { type Page, type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository, spaceSortKey } from "../storage/spaces/SpaceRepository.js"
import { CommentRepository } from "../storage/comments/CommentRepository.js"
import { Storage } from "../storage/Storage.js"
import { CustomFieldRepository } from "../storage/custom-fields/CustomFieldRepository.js"
import { carrySpaceValues, copySpaceValues } from "../custom-fields/spaceValues.js"
import { CreateSpaceInput, SPACE_TITLE_MAX, UpdateSpaceInput } from "./inputs.js"
import { purgeableBefore, restorable, restoredSpace, visibilityAt } from "./lifecycle.js"
import type { MemberSpaceItem } from "./MemberSpaceItem.js"
import { noCounts, renderSpace } from "./render.js"
import { makeSpaceCounts } from "./spaceCounts.js"
import type { Space } from "./Space.js"

export const UNTITLED_SPACE = "Untitled"
const PURGE_BATCH = 100

const ListOrder = Schema.Struct({ order: Schema.optional(Schema.Literal("asc", "desc")) })
export type ListMemberSpacesOptions = { readonly order?: "asc" | "desc" | undefined } & PageRequest

export class Spaces extends Effect.Service<Spaces>()("@quire/core/Spaces", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const hierarchy = yield* Hierarchy
    const content = yield* ContentEngine
    const searchIndexer = yield* SearchIndexer
    const spaces = yield* SpaceRepository
    const members = yield* MemberRepository
    const comments = yield* CommentRepository
    const customFieldValues = yield* CustomFieldRepository
    const urls = yield* Urls

    const command = authorizedCommand(storage)

    const countsOf = makeSpaceCounts(comments)
    const permissionsAs = (grant: Pick<SpaceGrant, "member">, record: SpaceRecord) =>
      spacePermissions(contentLevel(grant.member, record.resolvedLevel), record.editMode)
    const render = (record: SpaceRecord, permissions: SpacePermissions) =>
      Effect.map(countsOf([record.id]), (counts) => renderSpace(urls, record, permissions, counts(record.id)))
    /** The space as `grant`'s holder sees it after a change: its permissions follow the new resolved level. */
    const renderAs = (grant: Pick<SpaceGrant, "member">, record: SpaceRecord) => render(record, permissionsAs(grant, record))

    const create = (organizationId: OrganizationId, input: CreateSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateSpaceInput)(input)
          const organization = yield* access.organization(organizationId)
          const membership = { organizationId, member: organization.member }
          const parent = yield* access.parent(membership, valid.parent ?? null)
          const parentId = parent.collection?.id ?? null
          const at = yield* now
          const id = yield* makeId<SpaceId>()
          // A new space starts from an empty revision (the same objects for every space).
          const first = yield* content.importPages([], { spaceId: id })
          const record: SpaceRecord = {
            id,
            organizationId,
            parentId,
            title: valid.title ?? UNTITLED_SPACE,
            emoji: valid.emoji ?? "",
            visibility: "private",
            editMode: valid.editMode ?? "live",
            defaultLevel: "inherit",
            resolvedLevel: resolveLevel("inherit", parent.collection?.resolvedLevel),
            revisionId: first.revision.id,
            position: yield* hierarchy.endKeyOf(organizationId, parentId),
            createdAt: at,
            updatedAt: at,
            deletedAt: null
          }
          yield* spaces.insert(record)
          yield* searchIndexer.follow(id, record.revisionId)
          // A new space has nothing to count.
          return renderSpace(urls, record, permissionsAs(organization, record), noCounts)
        })
      )

    /** Every space of the organization (nested ones too) that the caller can view. */
    const list = (organizationId: OrganizationId, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const { member } = yield* access.organization(organizationId)
          // Guests have no level on any content.
          if (member.role === null) return { items: [], count: 0 } satisfies Page<Space>
          const slice = yield* spaces.list(organizationId, { visibleOnly: member.role !== "admin", order: "asc" }, keyset)
          const counts = yield* countsOf(slice.rows.slice(0, keyset.limit).map((s) => s.id))
          return toPage(keyset, slice, spaceSortKey, (s) => renderSpace(urls, s, permissionsAs({ member }, s), counts(s.id)))
        })
      )

    /** `shareKey` will open share-link sites; none exist yet, so it changes nothing. */
    const get = (id: SpaceId, _options?: { readonly shareKey?: string | undefined }) =>
      authorized(Effect.flatMap(access.space(id), (grant) => render(grant.record, grant.permissions)))

    const update = (id: SpaceId, input: UpdateSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSpaceInput)(input)
          const grant = yield* access.activeSpace(id, "admin", "update this space")
          const current = grant.record
          const defaultLevel = valid.defaultLevel !== undefined ? valid.defaultLevel : current.defaultLevel
          const next: SpaceRecord = {
            ...current,
            title: valid.title ?? current.title,
            editMode: valid.editMode ?? current.editMode,
            emoji: valid.emoji === null ? "" : (valid.emoji ?? current.emoji),
            defaultLevel,
            resolvedLevel: resolveLevel(defaultLevel, yield* hierarchy.parentLevel(current.parentId)),
            updatedAt: yield* now
          }
          yield* spaces.update(next)
          return yield* renderAs(grant, next)
        })
      )

    /** Soft delete: the space can be restored for 7 days, then it is purged. */
    const remove = (id: SpaceId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.activeSpace(id, "admin", "delete this space")
          const at = yield* now
          yield* spaces.update({ ...grant.record, deletedAt: at, updatedAt: at })
        })
      )

    /**
     * Brings a deleted space back where it was. If its collection is gone (deleted, or
     * transferred away), it comes back at the end of the organization's root.
     */
    const restore = (id: SpaceId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.space(id)
          const current = grant.record
          yield* ensure(grant.permissions.admin, "restore this space")
          if (current.deletedAt === null) {
            return yield* Effect.fail(new Conflict({ message: `Space "${id}" is not deleted` }))
          }
          const at = yield* now
          if (!restorable(current.deletedAt, at)) {
            return yield* Effect.fail(new Gone({ message: `Space "${id}" was deleted more than 7 days ago` }))
          }
          const parent = yield* hierarchy.parentIn(current.organizationId, current.parentId)
          const siblings = yield* hierarchy.siblingsOf(current.organizationId, Option.getOrNull(parent)?.id ?? null)
          const next = restoredSpace(current, parent, siblings, at)
          yield* spaces.update(next)
          return yield* renderAs(grant, next)
        })
      )

    /** A copy right after the original, sharing its current revision (revisions are immutable). */
    const duplicate = (id: SpaceId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.activeSpace(id, "view", "view this space")
          const original = grant.record
          const membership = { organizationId: original.organizationId, member: grant.member }
          const parent = yield* access.existingParent(membership, original.parentId)
          const siblings = yield* hierarchy.siblingsOf(original.organizationId, original.parentId)
          const at = yield* now
          const copy: SpaceRecord = {
            ...original,
            id: yield* makeId<SpaceId>(),
            title: [...`${original.title} (copy)`].slice(0, SPACE_TITLE_MAX).join(""),
            resolvedLevel: resolveLevel(original.defaultLevel, parent.collection?.resolvedLevel),
            position: yield* keyFor(siblings, { after: { kind: "space", id: original.id } }),
            createdAt: at,
            updatedAt: at,
            deletedAt: null
          }
          yield* spaces.insert(copy)
          yield* searchIndexer.follow(copy.id, copy.revisionId, { copyFrom: original.id })
          yield* copySpaceValues(customFieldValues, original.id, copy.id)
          return yield* renderAs(grant, copy)
        })
      )

    const move = (id: SpaceId, input: MoveInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveInput)(input)
          const grant = yield* access.activeSpace(id, "admin", "move this space")
          const current = grant.record
          const parentId = valid.parent === undefined ? current.parentId : valid.parent
          const sameParent = parentId === current.parentId
          const membership = { organizationId: current.organizationId, member: grant.member }
          const parent = sameParent ? undefined : yield* access.parent(membership, parentId)
          const self = { kind: "space", id: current.id, position: current.position }
          const siblings = yield* hierarchy.siblingsOf(current.organizationId, parentId, self)
          const landing = yield* land(siblings, valid.position, sameParent ? self : undefined)
          if (landing._tag === "unchanged") {
            return yield* Effect.fail(new Conflict({ message: "The move would not change anything" }))
          }
          const next: SpaceRecord = {
            ...current,
            parentId,
            visibility: visibilityAt(current, parentId),
            position: landing.key,
            resolvedLevel: parent
              ? resolveLevel(current.defaultLevel, parent.collection?.resolvedLevel)
              : current.resolvedLevel,
            updatedAt: yield* now
          }
          yield* spaces.update(next)
          return yield* renderAs(grant, next)
        })
      )

    /** Moves the space to the end of another organization's root. */
    const transfer = (id: SpaceId, input: TransferInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(TransferInput)(input)
          const grant = yield* access.activeSpace(id, "admin", "transfer this space")
          const current = grant.record
          if (valid.organization === current.organizationId) {
            return yield* Effect.fail(new Conflict({ message: "The space already belongs to this organization" }))
          }
          const target = yield* access.transferTarget(valid.organization)
          const next: SpaceRecord = {
            ...current,
            organizationId: target.record.id,
            parentId: null,
            visibility: visibilityAt(current, null),
            position: yield* hierarchy.endKeyOf(target.record.id, null),
            resolvedLevel: resolveLevel(current.defaultLevel, undefined),
            updatedAt: yield* now
          }
          yield* spaces.update(next)
          yield* carrySpaceValues(customFieldValues, id, target.record.id)
          return yield* renderAs(target, next)
        })
      )

    /**
     * The spaces a member can access, with the member's level on each. Members list their own;
     * organization admins list anyone's. Each space's `permissions` are the caller's.
     */
    const listForMember = (organizationId: OrganizationId, userId: UserId, options: ListMemberSpacesOptions) =>
      authorized(
        Effect.gen(function* () {
          const { order } = yield* validate(ListOrder)({ order: options.order })
          const keyset = yield* toKeyset(options)
          const caller = (yield* access.organization(organizationId)).member
          yield* ensure(caller.userId === userId || caller.role === "admin", "list the spaces of another member")
          const target = Option.filter(yield* members.find(organizationId, userId), (m) => !m.disabled)
          if (Option.isNone(target)) return yield* Effect.fail(NotFound.of("Member", userId))
          const member = target.value
          if (member.role === null) return { items: [], count: 0 } satisfies Page<MemberSpaceItem>
          const slice = yield* spaces.list(
            organizationId,
            { visibleOnly: member.role !== "admin", order: order ?? "desc" },
            keyset
          )
          const counts = yield* countsOf(slice.rows.slice(0, keyset.limit).map((s) => s.id))
          return toPage(
            keyset,
            slice,
            spaceSortKey,
            (s): MemberSpaceItem => ({
              permission: contentLevel(member, s.resolvedLevel)!,
              space: renderSpace(urls, s, permissionsAs({ member: caller }, s), counts(s.id))
            })
          )
        })
      )

    /** Removes for good every space deleted more than 7 days ago, in batches; returns how many. */
    const purgeExpired: Effect.Effect<number> = unrestricted(
      "a background job: it acts for nobody",
      Effect.gen(function* () {
        const deletedBefore = purgeableBefore(yield* now)
        let purged = 0
        while (true) {
          const batch = yield* storage.transaction(
            Effect.gen(function* () {
              const ids = yield* spaces.listExpired(deletedBefore, PURGE_BATCH)
              for (const id of ids) yield* spaces.purge(id)
              return ids.length
            })
          )
          purged += batch
          if (batch < PURGE_BATCH) return purged
        }
      })
    )

    return { create, list, get, update, remove, restore, duplicate, move, transfer, listForMember, purgeExpired } as const
  }),
  dependencies: [Access.Default, Hierarchy.Default, ContentEngine.Default, SearchIndexer.Default]
}) {}
