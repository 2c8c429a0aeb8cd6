import {
  type CollectionId,
  type CollectionRecord,
  CollectionRepository,
  collectionSortKey,
  MemberRepository,
  OrganizationRepository,
  type SortValue,
  type SpaceQuery,
  type SpaceRecord,
  SpaceRepository,
  compareKeys,
  spaceSortKey,
  UserRepository
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import {
  at,
  byId,
  makeCollection,
  makeMember,
  makeOrganization,
  makeSpace,
  makeUser,
  sortRows,
  type StorageLayer,
  walk
} from "./contract-fixtures.js"

const NUM_RUNS = 25

const level = fc.constantFrom("none", "inherit", "read", "admin") as fc.Arbitrary<CollectionRecord["resolvedLevel"]>

const collectionShape = fc.record({
  /** Index of an earlier collection to nest under (out of range: the root). */
  parent: fc.nat(6),
  level,
  created: fc.integer({ min: 0, max: 3 })
})

const spaceShape = fc.record({
  /** 0, 1: one of two collections; 2: the root. */
  parent: fc.nat(2),
  level,
  created: fc.integer({ min: 0, max: 3 }),
  deleted: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) })
})

export const contentContract = (storage: StorageLayer) =>
  describe("CollectionRepository and SpaceRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a collection comes back as inserted and updated, and is gone once deleted", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const collections = yield* CollectionRepository
          const organization = makeOrganization()
          yield* organizations.insert(organization)
          const root = makeCollection(organization.id, { defaultLevel: null, resolvedLevel: "none", createdAt: at(1.001) })
          const child = makeCollection(organization.id, {
            parentId: root.id,
            description: "How we work",
            defaultLevel: "edit",
            resolvedLevel: "edit",
            position: "a1V"
          })
          yield* collections.insert(root)
          yield* collections.insert(child)
          expect(yield* collections.findById(root.id)).toStrictEqual(Option.some(root))
          expect(yield* collections.findById(child.id)).toStrictEqual(Option.some(child))
          const moved = { ...child, parentId: null, description: null, title: "Moved", updatedAt: at(8) }
          yield* collections.update(moved)
          expect(yield* collections.findById(child.id)).toStrictEqual(Option.some(moved))
          yield* collections.delete(child.id)
          expect(yield* collections.findById(child.id)).toStrictEqual(Option.none())
          expect(yield* collections.findById(root.id)).toStrictEqual(Option.some(root))
        })
      )

      it.effect("collection children are the direct children of a parent in one organization", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const collections = yield* CollectionRepository
          const organization = makeOrganization()
          const other = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(other)
          const top = [makeCollection(organization.id, { position: "a1" }), makeCollection(organization.id, { position: "a0" })]
          const nested = [makeCollection(organization.id, { parentId: top[0]!.id })]
          const deeper = makeCollection(organization.id, { parentId: nested[0]!.id })
          yield* Effect.forEach([...top, ...nested, deeper, makeCollection(other.id)], collections.insert)
          expect(byId(yield* collections.children(organization.id, null))).toStrictEqual(byId(top))
          expect(byId(yield* collections.children(organization.id, top[0]!.id))).toStrictEqual(nested)
          expect(yield* collections.children(organization.id, top[1]!.id)).toStrictEqual([])
          expect(yield* collections.children(other.id, top[0]!.id)).toStrictEqual([])
        })
      )

      it.effect("deleting a collection deletes that row only; spaces may keep naming it as parent", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const collections = yield* CollectionRepository
          const spaces = yield* SpaceRepository
          const organization = makeOrganization()
          const elsewhere = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(elsewhere)
          const parent = makeCollection(organization.id)
          const child = makeCollection(organization.id, { parentId: parent.id })
          yield* collections.insert(parent)
          yield* collections.insert(child)
          const trashed = makeSpace(organization.id, { parentId: parent.id, deletedAt: at(5) })
          yield* spaces.insert(trashed)
          yield* collections.delete(parent.id)
          expect(yield* collections.findById(parent.id)).toStrictEqual(Option.none())
          expect(yield* collections.findById(child.id)).toStrictEqual(Option.some(child))
          expect(yield* spaces.findById(trashed.id)).toStrictEqual(Option.some(trashed))
          // Restored to the root while the old parent is gone.
          const restored = { ...trashed, parentId: null, deletedAt: null }
          yield* spaces.update(restored)
          expect(yield* spaces.findById(trashed.id)).toStrictEqual(Option.some(restored))
          // A transferred collection leaves its deleted spaces behind, naming a collection of another organization.
          const moved = makeCollection(elsewhere.id)
          yield* collections.insert(moved)
          const left = makeSpace(organization.id, { parentId: moved.id, deletedAt: at(6) })
          yield* spaces.insert(left)
          expect(yield* spaces.findById(left.id)).toStrictEqual(Option.some(left))
          expect(yield* spaces.children(elsewhere.id, moved.id)).toStrictEqual([])
          expect(yield* spaces.children(organization.id, moved.id)).toStrictEqual([])
        })
      )

      it.effect.prop(
        "collections list filters nested and visible ones and walks each once by (createdAt, id)",
        [
          fc.array(collectionShape, { minLength: 2, maxLength: 12 }),
          fc.record({ nested: fc.boolean(), visibleOnly: fc.boolean() }),
          fc.integer({ min: 1, max: 5 })
        ],
        ([shapes, query, limit]) =>
          Effect.gen(function* () {
            const organizations = yield* OrganizationRepository
            const collections = yield* CollectionRepository
            const organization = makeOrganization()
            const other = makeOrganization()
            yield* organizations.insert(organization)
            yield* organizations.insert(other)
            yield* collections.insert(makeCollection(other.id))
            const made: Array<CollectionRecord> = []
            for (const shape of shapes) {
              const collection = makeCollection(organization.id, {
                parentId: made[shape.parent]?.id ?? null,
                resolvedLevel: shape.level,
                createdAt: at(shape.created)
              })
              yield* collections.insert(collection)
              made.push(collection)
            }
            const expected = sortRows(
              made.filter((c) => (query.nested || c.parentId === null) && (!query.visibleOnly || c.resolvedLevel !== "none")),
              collectionSortKey
            )
            const listed = yield* walk((k) => collections.list(organization.id, query, k), limit, collectionSortKey, expected.length)
            expect(listed).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("a space comes back as inserted and updated, soft-deleted ones too, and is gone once purged", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const collections = yield* CollectionRepository
          const spaces = yield* SpaceRepository
          const organization = makeOrganization()
          yield* organizations.insert(organization)
          const collection = makeCollection(organization.id)
          yield* collections.insert(collection)
          const space = makeSpace(organization.id, {
            parentId: collection.id,
            emoji: "1f600",
            visibility: "public",
            editMode: "locked",
            defaultLevel: null,
            resolvedLevel: "none",
            createdAt: at(3.3)
          })
          yield* spaces.insert(space)
          expect(yield* spaces.findById(space.id)).toStrictEqual(Option.some(space))
          const deleted = { ...space, parentId: null, deletedAt: at(10), updatedAt: at(10), title: "Old" }
          yield* spaces.update(deleted)
          expect(yield* spaces.findById(space.id)).toStrictEqual(Option.some(deleted))
          yield* spaces.purge(space.id)
          expect(yield* spaces.findById(space.id)).toStrictEqual(Option.none())
        })
      )

      it.effect("lastPosition is the greatest key among a parent's children (spaces: not deleted)", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const collections = yield* CollectionRepository
          const spaces = yield* SpaceRepository
          const organization = makeOrganization()
          const other = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(other)
          const parent = makeCollection(organization.id, { position: "a0" })
          yield* collections.insert(parent)
          expect(yield* collections.lastPosition(organization.id, parent.id)).toStrictEqual(Option.none())
          expect(yield* spaces.lastPosition(organization.id, parent.id)).toStrictEqual(Option.none())
          yield* collections.insert(makeCollection(organization.id, { parentId: parent.id, position: "a1" }))
          yield* collections.insert(makeCollection(organization.id, { parentId: parent.id, position: "Zz" }))
          yield* collections.insert(makeCollection(other.id, { position: "b9" }))
          yield* spaces.insert(makeSpace(organization.id, { parentId: parent.id, position: "a3" }))
          yield* spaces.insert(makeSpace(organization.id, { parentId: parent.id, position: "a9", deletedAt: at(1) }))
          yield* spaces.insert(makeSpace(organization.id, { position: "a5" }))
          expect(yield* collections.lastPosition(organization.id, parent.id)).toStrictEqual(Option.some("a1"))
          expect(yield* collections.lastPosition(organization.id, null)).toStrictEqual(Option.some("a0"))
          expect(yield* spaces.lastPosition(organization.id, parent.id)).toStrictEqual(Option.some("a3"))
          expect(yield* spaces.lastPosition(organization.id, null)).toStrictEqual(Option.some("a5"))
        })
      )

      it.effect("a space is found with the membership of a user in its organization, or without one", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const users = yield* UserRepository
          const members = yield* MemberRepository
          const spaces = yield* SpaceRepository
          const organization = makeOrganization()
          const elsewhere = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(elsewhere)
          const member = makeUser()
          const outsider = makeUser()
          yield* users.insert(member)
          yield* users.insert(outsider)
          const membership = makeMember(organization.id, member.id, { role: "edit", lastSeenAt: at(2) })
          yield* members.insert(membership)
          yield* members.insert(makeMember(elsewhere.id, outsider.id, { role: "admin" }))
          const space = makeSpace(organization.id, { deletedAt: at(4) })
          yield* spaces.insert(space)
          expect(yield* spaces.findWithMembership(space.id, member.id)).toStrictEqual(
            Option.some({ space, member: Option.some(membership) })
          )
          expect(yield* spaces.findWithMembership(space.id, outsider.id)).toStrictEqual(
            Option.some({ space, member: Option.none() })
          )
          expect(yield* spaces.findWithMembership(makeSpace(organization.id).id, member.id)).toStrictEqual(Option.none())
        })
      )

      it.effect.prop(
        "spaces list, count and children leave out deleted spaces; list walks each once in either order",
        [
          fc.array(spaceShape, { minLength: 2, maxLength: 14 }),
          fc.record({ parent: fc.nat(3), visibleOnly: fc.boolean(), order: fc.constantFrom("asc", "desc") }),
          fc.integer({ min: 1, max: 5 })
        ],
        ([shapes, queryShape, limit]) =>
          Effect.gen(function* () {
            const organizations = yield* OrganizationRepository
            const collections = yield* CollectionRepository
            const spaces = yield* SpaceRepository
            const organization = makeOrganization()
            const other = makeOrganization()
            yield* organizations.insert(organization)
            yield* organizations.insert(other)
            const parents = [makeCollection(organization.id), makeCollection(organization.id)]
            yield* Effect.forEach(parents, collections.insert)
            yield* spaces.insert(makeSpace(other.id))
            const parentOf = (i: number): CollectionId | null => parents[i]?.id ?? null
            const made: Array<SpaceRecord> = []
            for (const shape of shapes) {
              const space = makeSpace(organization.id, {
                parentId: parentOf(shape.parent),
                resolvedLevel: shape.level,
                createdAt: at(shape.created),
                deletedAt: shape.deleted === null ? null : at(shape.deleted)
              })
              yield* spaces.insert(space)
              made.push(space)
            }
            const query: SpaceQuery = {
              parentId: parentOf(queryShape.parent) ?? undefined,
              visibleOnly: queryShape.visibleOnly,
              order: queryShape.order as SpaceQuery["order"]
            }
            const live = made.filter((s) => s.deletedAt === null)
            const visible = live.filter((s) => s.resolvedLevel !== "none")
            const expected = sortRows(
              (query.visibleOnly ? visible : live).filter((s) => query.parentId === undefined || s.parentId === query.parentId),
              spaceSortKey,
              query.order
            )
            const listed = yield* walk((k) => spaces.list(organization.id, query, k), limit, spaceSortKey, expected.length)
            expect(listed).toStrictEqual(expected)

            expect(yield* spaces.count(organization.id, false)).toBe(live.length)
            expect(yield* spaces.count(organization.id, true)).toBe(visible.length)
            expect(byId(yield* spaces.all(organization.id, false))).toStrictEqual(byId(live))
            expect(byId(yield* spaces.all(organization.id, true))).toStrictEqual(byId(visible))
            for (const parent of [null, parents[0]!.id]) {
              const children = yield* spaces.children(organization.id, parent)
              expect(byId(children)).toStrictEqual(byId(live.filter((s) => s.parentId === parent)))
            }
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect.prop(
        "a keyset returns the rows strictly after any key, present in the data or not",
        [
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 10 }),
          fc.integer({ min: 0, max: 4 }),
          fc.constantFrom("", "0", "M", "a", "zzzzzzzzzzzzzzzzzzzzz", "pick"),
          fc.constantFrom("asc", "desc"),
          fc.nat(20)
        ],
        ([created, afterAt, afterId, order, pick]) =>
          Effect.gen(function* () {
            const organizations = yield* OrganizationRepository
            const spaces = yield* SpaceRepository
            const organization = makeOrganization()
            yield* organizations.insert(organization)
            const made = created.map((c) => makeSpace(organization.id, { createdAt: at(c) }))
            yield* Effect.forEach(made, spaces.insert)
            const direction = order as "asc" | "desc"
            const picked = made[pick % Math.max(made.length, 1)]
            const after: ReadonlyArray<SortValue> =
              afterId === "pick" && picked ? spaceSortKey(picked) : [at(afterAt), afterId === "pick" ? "" : afterId]
            const sign = direction === "asc" ? 1 : -1
            const expected = sortRows(made, spaceSortKey, direction).filter((s) => sign * compareKeys(spaceSortKey(s), after) > 0)
            const slice = yield* spaces.list(
              organization.id,
              { visibleOnly: false, order: direction },
              { after, limit: 100 }
            )
            expect(slice.rows).toStrictEqual(expected)
            expect(slice.count).toBe(made.length)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("listExpired gives the spaces deleted at or before a time, at most `limit`", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const spaces = yield* SpaceRepository
          const organization = makeOrganization()
          const other = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(other)
          // Far in the past, so spaces of other tests on a shared database are all newer.
          const old = (seconds: number) => new Date(Date.UTC(1990, 0, 1) + seconds * 1000).toISOString()
          const early = makeSpace(organization.id, { deletedAt: old(1) })
          const edge = makeSpace(other.id, { deletedAt: old(2) })
          const late = makeSpace(organization.id, { deletedAt: old(3) })
          const live = makeSpace(organization.id, { createdAt: old(0) })
          yield* Effect.forEach([early, edge, late, live], spaces.insert)
          expect([...(yield* spaces.listExpired(old(2), 100))].sort()).toStrictEqual([early.id, edge.id].sort())
          expect(yield* spaces.listExpired(old(0), 100)).toStrictEqual([])
          const limited = yield* spaces.listExpired(old(3), 2)
          expect(limited.length).toBe(2)
          expect([early.id, edge.id, late.id]).toEqual(expect.arrayContaining([...limited]))
          expect(yield* spaces.listExpired(old(3), 100)).toEqual(expect.arrayContaining([early.id, edge.id, late.id]))
          expect((yield* spaces.listExpired(old(3), 100)).includes(live.id)).toBe(false)
        })
      )
    })
  })
