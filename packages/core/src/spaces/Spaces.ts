import { Effect, Option, Schema } from "effect"
import type { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import {
  activeSpaceAccessFor,
  existingParentFor,
  type Parent,
  parentFor,
  parentLevel,
  spaceAccess,
  spaceAccessIn,
  transferTarget
} from "../hierarchy/access.js"
import { MoveInput, TransferInput } from "../hierarchy/inputs.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { endKeyOf, land, siblingsOf } from "../hierarchy/siblings.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import type { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { ensure, organizationAccess } from "../policy/access.js"
import { contentLevel, spacePermissions } from "../policy/Policy.js"
import { Conflict, Gone, NotFound } from "../shared/errors.js"
import { makeId, type OrganizationId, type SpaceId, type UserId } from "../shared/ids.js"
import { keyFor } from "../shared/ordering.js"
import { type Page, type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import type { MemberRole } from "../shared/role.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { Storage } from "../storage/Storage.js"
import type { TeamRepository } from "../storage/teams/TeamRepository.js"
import { CreateSpaceInput, UpdateSpaceInput } from "./inputs.js"
import type { MemberSpaceItem } from "./MemberSpaceItem.js"
import { renderSpace } from "./render.js"
import type { Space } from "./Space.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository, spaceSortKey } from "../storage/spaces/SpaceRepository.js"
import { purgeSpacesExpiredAt, restorable, restoredSpace, visibilityAt } from "./lifecycle.js"

export const UNTITLED_SPACE = "Untitled"
const TITLE_MAX = 50

const ListOrder = Schema.Struct({ order: Schema.optional(Schema.Literal("asc", "desc")) })
export type ListMemberSpacesOptions = { readonly order?: "asc" | "desc" | undefined } & PageRequest

export class Spaces extends Effect.Service<Spaces>()("@quire/core/Spaces", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const content = yield* ContentEngine
    const spaces = yield* SpaceRepository
    const members = yield* MemberRepository
    const urls = yield* Urls
    const repositories = yield* Effect.context<
      OrganizationRepository | MemberRepository | TeamRepository | CollectionRepository | SpaceRepository
    >()
    const withRepositories = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.provide(self, repositories)
    const accessSpace = spaceAccessIn(spaces)
    const command = <A, E, R>(self: Effect.Effect<A, E, R>) => storage.transaction(withRepositories(self))

    const render = (record: SpaceRecord, level: MemberRole | undefined): Space =>
      renderSpace(urls, record, spacePermissions(level, record.editMode))

    const create = (organizationId: string, input: CreateSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateSpaceInput)(input)
          const organization = yield* organizationAccess(organizationId as OrganizationId)
          const parent: Parent = yield* parentFor(organization, valid.parent ?? null)
          const parentId = parent.collection?.id ?? null
          const at = yield* now
          const id = yield* makeId<SpaceId>()
          // A new space starts from an empty revision (the same objects for every space).
          const first = yield* content.importPages([], { spaceId: id })
          const record: SpaceRecord = {
            id,
            organizationId: organization.organizationId,
            parentId,
            title: valid.title ?? UNTITLED_SPACE,
            emoji: valid.emoji ?? "",
            visibility: "private",
            editMode: valid.editMode ?? "live",
            defaultLevel: "inherit",
            resolvedLevel: resolveLevel("inherit", parent.resolvedLevel),
            revisionId: first.revision.id,
            position: yield* endKeyOf(organization.organizationId, parentId),
            createdAt: at,
            updatedAt: at,
            deletedAt: null
          }
          yield* spaces.insert(record)
          return render(record, contentLevel(organization.member, record.resolvedLevel))
        })
      )

    /** Every space of the organization (nested ones too) that the caller can view. */
    const list = (organizationId: string, request: PageRequest) =>
      withRepositories(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const organization = yield* organizationAccess(organizationId as OrganizationId)
          const member = organization.member
          // Guests have no level on any content.
          if (member.role === null) return { items: [], count: 0 } satisfies Page<Space>
          const slice = yield* spaces.list(
            organization.organizationId,
            { visibleOnly: member.role !== "admin", order: "asc" },
            keyset
          )
          return toPage(keyset, slice, spaceSortKey, (s) => render(s, contentLevel(member, s.resolvedLevel)))
        })
      )

    /** `shareKey` will open share-link sites; none exist yet, so it changes nothing. */
    const get = (id: string, _options?: { readonly shareKey?: string | undefined }) =>
      Effect.map(accessSpace(id), (a) => render(a.record, a.level))

    const update = (id: string, input: UpdateSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSpaceInput)(input)
          const access = yield* activeSpaceAccessFor(id, "admin", "update this space")
          const current = access.record
          const defaultLevel = valid.defaultLevel !== undefined ? valid.defaultLevel : current.defaultLevel
          const next: SpaceRecord = {
            ...current,
            title: valid.title ?? current.title,
            editMode: valid.editMode ?? current.editMode,
            emoji: valid.emoji === null ? "" : (valid.emoji ?? current.emoji),
            defaultLevel,
            resolvedLevel: resolveLevel(defaultLevel, yield* parentLevel(current.parentId)),
            updatedAt: yield* now
          }
          yield* spaces.update(next)
          return render(next, contentLevel(access.organization.member, next.resolvedLevel))
        })
      )

    /** Soft delete: the space can be restored for 7 days, then it is purged. */
    const remove = (id: string) =>
      command(
        Effect.gen(function* () {
          const access = yield* activeSpaceAccessFor(id, "admin", "delete this space")
          const at = yield* now
          yield* spaces.update({ ...access.record, deletedAt: at, updatedAt: at })
        })
      )

    /**
     * Brings a deleted space back where it was. If its collection is gone (deleted, or
     * transferred away), it comes back at the end of the organization's root.
     */
    const restore = (id: string) =>
      command(
        Effect.gen(function* () {
          const access = yield* spaceAccess(id)
          const current = access.record
          yield* ensure(spacePermissions(access.level, current.editMode).admin, "restore this space")
          if (current.deletedAt === null) {
            return yield* Effect.fail(new Conflict({ message: `Space "${id}" is not deleted` }))
          }
          const at = yield* now
          if (!restorable(current.deletedAt, at)) {
            return yield* Effect.fail(new Gone({ message: `Space "${id}" was deleted more than 7 days ago` }))
          }
          const next = yield* restoredSpace(current, at)
          yield* spaces.update(next)
          return render(next, contentLevel(access.organization.member, next.resolvedLevel))
        })
      )

    /** A copy right after the original. Its content is shared until the content engine copies revisions. */
    const duplicate = (id: string) =>
      command(
        Effect.gen(function* () {
          const access = yield* activeSpaceAccessFor(id, "view", "view this space")
          const original = access.record
          const parent = yield* existingParentFor(access.organization, original.parentId)
          const siblings = yield* siblingsOf(original.organizationId, original.parentId)
          const at = yield* now
          const copy: SpaceRecord = {
            ...original,
            id: yield* makeId<SpaceId>(),
            title: [...`${original.title} (copy)`].slice(0, TITLE_MAX).join(""),
            resolvedLevel: resolveLevel(original.defaultLevel, parent.resolvedLevel),
            position: yield* keyFor(siblings, { after: { kind: "space", id: original.id } }),
            createdAt: at,
            updatedAt: at,
            deletedAt: null
          }
          yield* spaces.insert(copy)
          return render(copy, contentLevel(access.organization.member, copy.resolvedLevel))
        })
      )

    const move = (id: string, input: MoveInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveInput)(input)
          const access = yield* activeSpaceAccessFor(id, "admin", "move this space")
          const current = access.record
          const parentId = valid.parent === undefined ? current.parentId : (valid.parent as SpaceRecord["parentId"])
          const sameParent = parentId === current.parentId
          const parent = sameParent ? undefined : yield* parentFor(access.organization, parentId)
          const self = { kind: "space", id: current.id, position: current.position }
          const siblings = yield* siblingsOf(current.organizationId, parentId, self)
          const landing = yield* land(siblings, valid.position, sameParent ? self : undefined)
          if (landing._tag === "unchanged") {
            return yield* Effect.fail(new Conflict({ message: "The move would not change anything" }))
          }
          const next: SpaceRecord = {
            ...current,
            parentId,
            visibility: visibilityAt(current, parentId),
            position: landing.key,
            resolvedLevel: parent ? resolveLevel(current.defaultLevel, parent.resolvedLevel) : current.resolvedLevel,
            updatedAt: yield* now
          }
          yield* spaces.update(next)
          return render(next, contentLevel(access.organization.member, next.resolvedLevel))
        })
      )

    /** Moves the space to the end of another organization's root. */
    const transfer = (id: string, input: TransferInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(TransferInput)(input)
          const access = yield* activeSpaceAccessFor(id, "admin", "transfer this space")
          const current = access.record
          if (valid.organization === current.organizationId) {
            return yield* Effect.fail(new Conflict({ message: "The space already belongs to this organization" }))
          }
          const target = yield* transferTarget(valid.organization)
          const next: SpaceRecord = {
            ...current,
            organizationId: target.organization.id,
            parentId: null,
            visibility: visibilityAt(current, null),
            position: yield* endKeyOf(target.organization.id, null),
            resolvedLevel: resolveLevel(current.defaultLevel, undefined),
            updatedAt: yield* now
          }
          yield* spaces.update(next)
          return render(next, contentLevel(target.member, next.resolvedLevel))
        })
      )

    /**
     * The spaces a member can access, with the member's level on each. Members list their own;
     * organization admins list anyone's. Each space's `permissions` are the caller's.
     */
    const listForMember = (organizationId: string, userId: string, options: ListMemberSpacesOptions) =>
      withRepositories(
        Effect.gen(function* () {
          const { order } = yield* validate(ListOrder)({ order: options.order })
          const keyset = yield* toKeyset(options)
          const organization = yield* organizationAccess(organizationId as OrganizationId)
          const caller = organization.member
          yield* ensure(caller.userId === userId || caller.role === "admin", "list the spaces of another member")
          const target = Option.filter(
            yield* members.find(organization.organizationId, userId as UserId),
            (m) => !m.disabled
          )
          if (Option.isNone(target)) return yield* Effect.fail(NotFound.of("Member", userId))
          const member = target.value
          if (member.role === null) return { items: [], count: 0 } satisfies Page<MemberSpaceItem>
          const slice = yield* spaces.list(
            organization.organizationId,
            { visibleOnly: member.role !== "admin", order: order ?? "desc" },
            keyset
          )
          return toPage(
            keyset,
            slice,
            spaceSortKey,
            (s): MemberSpaceItem => ({
              permission: contentLevel(member, s.resolvedLevel)!,
              space: render(s, contentLevel(caller, s.resolvedLevel))
            })
          )
        })
      )

    /** Removes for good every space deleted more than 7 days ago; returns how many. Run by a background job. */
    const purgeExpired: Effect.Effect<number> = Effect.flatMap(now, (at) =>
      purgeSpacesExpiredAt(at).pipe(Effect.provideService(Storage, storage), Effect.provide(repositories))
    )

    return { create, list, get, update, remove, restore, duplicate, move, transfer, listForMember, purgeExpired } as const
  }),
  dependencies: [ContentEngine.Default]
}) {}
