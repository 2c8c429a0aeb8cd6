import { describe, expect, it } from "@effect/vitest"
import { type CollectionId, CollectionRepository, Collections, type OrganizationId, Spaces } from "@quire/core"
import { Effect, Option, TestClock } from "effect"
import {
  addMember,
  as,
  contentLayer,
  contentState,
  expectInvalid,
  expectTag,
  newMember,
  newOrganization,
  newUser,
  newWorld
} from "../support/content.js"

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), contentLayer) as Effect.Effect<A, E>)

const services = Effect.all({ collections: Collections, spaces: Spaces })

describe("Collections", () => {
  test("create at the root gives the wire shape with defaults, at the end of the root", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, { title: "First" }))
      const created = yield* as(w.admin)(collections.create(w.org, {}))
      expect(created).toMatchObject({
        object: "collection",
        title: "Untitled",
        organization: w.org,
        defaultLevel: "inherit",
        urls: {
          location: `http://quire.test/v1/collections/${created.id}`,
          app: `http://quire.test/o/${w.org}/c/${created.id}`
        },
        permissions: { view: true, admin: true, viewInviteLinks: true, create: true }
      })
      expect(created.parent).toBeUndefined()
      expect(created.description).toBeUndefined()
      const record = Option.getOrThrow(yield* (yield* CollectionRepository).findById(created.id as CollectionId))
      const spaceRecord = (yield* contentState(w.org)).spaces.find((s) => s.id === space.id)!
      expect(record.position > spaceRecord.position).toBe(true)
      expect(yield* as(w.reader)(collections.get(created.id))).toMatchObject({
        id: created.id,
        permissions: { view: true, admin: false, create: false }
      })
    }))

  test("create validates title and parent before writing anything", () =>
    Effect.gen(function* () {
      const { collections } = yield* services
      const w = yield* newWorld
      const other = yield* newOrganization(w.admin, "Other")
      const foreign = yield* as(w.admin)(collections.create(other, { title: "Foreign" }))
      const before = yield* contentState(w.org)
      yield* expectInvalid(as(w.admin)(collections.create(w.org, { title: "x".repeat(51) })), "title")
      yield* expectInvalid(as(w.admin)(collections.create(w.org, { title: 42 as never })), "title")
      yield* expectInvalid(as(w.admin)(collections.create(w.org, { parent: "nope" })), "parent")
      yield* expectInvalid(as(w.admin)(collections.create(w.org, { parent: foreign.id })), "parent")
      expect(yield* contentState(w.org)).toEqual(before)
      const fifty = yield* as(w.admin)(collections.create(w.org, { title: "x".repeat(50) }))
      expect(fifty.title).toHaveLength(50)
    }))

  test("who may create: createContent at the root, `create` in a collection; outsiders see nothing", () =>
    Effect.gen(function* () {
      const { collections } = yield* services
      const w = yield* newWorld
      yield* expectTag(as(w.editor)(collections.create(w.org, {})), "Forbidden")
      yield* expectTag(as(w.guest)(collections.create(w.org, {})), "Forbidden")
      yield* expectTag(as(w.outsider)(collections.create(w.org, {})), "NotFound")
      yield* expectTag(as(w.admin)(collections.create("nope" as OrganizationId, {})), "NotFound")
      const byCreator = yield* as(w.creator)(collections.create(w.org, { title: "Mine" }))
      expect(byCreator.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true })
      const nested = yield* as(w.creator)(collections.create(w.org, { parent: byCreator.id }))
      expect(nested.parent).toBe(byCreator.id)
      // Capped at `read`, the creator may no longer create inside.
      yield* as(w.admin)(collections.update(byCreator.id, { defaultLevel: "read" }))
      yield* expectTag(as(w.creator)(collections.create(w.org, { parent: byCreator.id })), "Forbidden")
      // Hidden from members: the parent is not even known to them.
      yield* as(w.admin)(collections.update(byCreator.id, { defaultLevel: null }))
      yield* expectInvalid(as(w.creator)(collections.create(w.org, { parent: byCreator.id })), "parent")
      yield* expectTag(as(w.outsider)(collections.get(byCreator.id)), "NotFound")
      yield* expectTag(as(w.guest)(collections.get(byCreator.id)), "NotFound")
    }))

  test("update changes title, description and defaultLevel; limits are checked first", () =>
    Effect.gen(function* () {
      const { collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, { title: "Docs" }))
      const before = yield* contentState(w.org)
      yield* expectInvalid(as(w.admin)(collections.update(c.id, { title: "t".repeat(51) })), "title")
      yield* expectInvalid(as(w.admin)(collections.update(c.id, { description: "d".repeat(101) })), "description")
      yield* expectInvalid(as(w.admin)(collections.update(c.id, { defaultLevel: "owner" as never })), "defaultLevel")
      expect(yield* contentState(w.org)).toEqual(before)
      yield* expectTag(as(w.editor)(collections.update(c.id, { title: "No" })), "Forbidden")
      yield* expectTag(as(w.outsider)(collections.update(c.id, { title: "No" })), "NotFound")
      const updated = yield* as(w.admin)(
        collections.update(c.id, { title: "Guides", description: "d".repeat(100), defaultLevel: "comment" })
      )
      expect(updated).toMatchObject({ title: "Guides", description: "d".repeat(100), defaultLevel: "comment" })
      expect(yield* as(w.reader)(collections.get(c.id))).toMatchObject({ title: "Guides", defaultLevel: "comment" })
    }))

  test("a new defaultLevel flows down to nested collections and spaces that inherit it", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const top = yield* as(w.admin)(collections.create(w.org, { title: "Top" }))
      const mid = yield* as(w.admin)(collections.create(w.org, { title: "Mid", parent: top.id }))
      const space = yield* as(w.admin)(spaces.create(w.org, { title: "Deep", parent: mid.id }))
      expect((yield* as(w.editor)(spaces.get(space.id))).permissions.edit).toBe(true)

      yield* as(w.admin)(collections.update(top.id, { defaultLevel: null }))
      yield* expectTag(as(w.editor)(collections.get(mid.id)), "NotFound")
      yield* expectTag(as(w.editor)(spaces.get(space.id)), "NotFound")
      expect((yield* as(w.editor)(spaces.list(w.org, {}))).items.map((s) => s.id)).not.toContain(space.id)

      yield* as(w.admin)(collections.update(top.id, { defaultLevel: "comment" }))
      const seen = yield* as(w.editor)(spaces.get(space.id))
      expect(seen.permissions).toMatchObject({ view: true, comment: true, edit: false })

      // A level set lower down wins over the inherited one.
      yield* as(w.admin)(collections.update(mid.id, { defaultLevel: "edit" }))
      yield* as(w.admin)(collections.update(top.id, { defaultLevel: null }))
      expect((yield* as(w.editor)(spaces.get(space.id))).permissions.edit).toBe(true)
      yield* expectTag(as(w.editor)(collections.get(top.id)), "NotFound")
    }))

  test("list: nested by default, top level only with nested=false; hidden ones left out; guests see none", () =>
    Effect.gen(function* () {
      const { collections } = yield* services
      const w = yield* newWorld
      // Lists are in order of creation.
      const a = yield* as(w.admin)(collections.create(w.org, { title: "A" }))
      yield* TestClock.adjust(1)
      const b = yield* as(w.admin)(collections.create(w.org, { title: "B", parent: a.id }))
      yield* TestClock.adjust(1)
      const hidden = yield* as(w.admin)(collections.create(w.org, { title: "Hidden" }))
      yield* as(w.admin)(collections.update(hidden.id, { defaultLevel: null }))
      const ids = (page: { items: ReadonlyArray<{ id: string }> }) => page.items.map((c) => c.id)
      expect(ids(yield* as(w.admin)(collections.list(w.org, {})))).toEqual([a.id, b.id, hidden.id])
      expect(ids(yield* as(w.admin)(collections.list(w.org, { nested: false })))).toEqual([a.id, hidden.id])
      const readerPage = yield* as(w.reader)(collections.list(w.org, {}))
      expect(ids(readerPage)).toEqual([a.id, b.id])
      expect(readerPage.count).toBe(2)
      expect(yield* as(w.guest)(collections.list(w.org, {}))).toMatchObject({ items: [], count: 0 })
      yield* expectTag(as(w.outsider)(collections.list(w.org, {})), "NotFound")
      yield* expectInvalid(as(w.admin)(collections.list(w.org, { limit: 0 })), "limit")
      yield* expectInvalid(as(w.admin)(collections.list(w.org, { nested: "yes" as never })), "nested")
    }))

  test("listSpaces lists the direct spaces of a collection", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, {}))
      const inner = yield* as(w.admin)(collections.create(w.org, { parent: c.id }))
      const s1 = yield* as(w.admin)(spaces.create(w.org, { parent: c.id }))
      yield* as(w.admin)(spaces.create(w.org, { parent: inner.id }))
      yield* as(w.admin)(spaces.create(w.org, {}))
      const s2 = yield* as(w.admin)(spaces.create(w.org, { parent: c.id }))
      const page = yield* as(w.reader)(collections.listSpaces(c.id, {}))
      expect(page.items.map((s) => s.id).sort()).toEqual([s1.id, s2.id].sort())
      expect(page.count).toBe(2)
      yield* expectTag(as(w.outsider)(collections.listSpaces(c.id, {})), "NotFound")
    }))

  test("delete removes nested collections and soft-deletes every space below; they come back at the root", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const top = yield* as(w.admin)(collections.create(w.org, { title: "Top" }))
      const mid = yield* as(w.admin)(collections.create(w.org, { title: "Mid", parent: top.id }))
      const s1 = yield* as(w.admin)(spaces.create(w.org, { title: "S1", parent: top.id }))
      const s2 = yield* as(w.admin)(spaces.create(w.org, { title: "S2", parent: mid.id }))
      const rootSpace = yield* as(w.admin)(spaces.create(w.org, { title: "Root" }))
      yield* expectTag(as(w.editor)(collections.remove(top.id)), "Forbidden")
      yield* expectTag(as(w.outsider)(collections.remove(top.id)), "NotFound")
      yield* as(w.admin)(collections.remove(top.id))
      yield* expectTag(as(w.admin)(collections.get(top.id)), "NotFound")
      yield* expectTag(as(w.admin)(collections.get(mid.id)), "NotFound")
      const state = yield* contentState(w.org)
      expect(state.collections).toEqual([])
      expect(state.spaces.map((s) => s.id)).toEqual([rootSpace.id])
      const deleted = yield* as(w.admin)(spaces.get(s2.id))
      expect(deleted.deletedAt).toBeDefined()
      const restored = yield* as(w.admin)(spaces.restore(s2.id))
      expect(restored.parent).toBeUndefined()
      expect(restored.deletedAt).toBeUndefined()
      yield* as(w.admin)(spaces.restore(s1.id))
      const root = yield* as(w.admin)(spaces.list(w.org, {}))
      expect(root.items.map((s) => s.title).sort()).toEqual(["Root", "S1", "S2"])
      const order = (yield* contentState(w.org)).spaces.sort((a, b) => (a.position < b.position ? -1 : 1))
      expect(order.map((s) => s.title)).toEqual(["Root", "S2", "S1"])
    }))

  test("move: reorders among mixed siblings, changes parent, refuses cycles, no-ops and strangers", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const a = yield* as(w.admin)(collections.create(w.org, { title: "A" }))
      const s = yield* as(w.admin)(spaces.create(w.org, { title: "S" }))
      const b = yield* as(w.admin)(collections.create(w.org, { title: "B" }))
      const a1 = yield* as(w.admin)(collections.create(w.org, { title: "A1", parent: a.id }))
      const a11 = yield* as(w.admin)(collections.create(w.org, { title: "A11", parent: a1.id }))

      yield* expectInvalid(as(w.admin)(collections.move(a.id, {})), "body")
      yield* expectInvalid(as(w.admin)(collections.move(a.id, { parent: a.id })), "parent")
      yield* expectInvalid(as(w.admin)(collections.move(a.id, { parent: a11.id })), "parent")
      yield* expectInvalid(as(w.admin)(collections.move(a.id, { parent: "nope" })), "parent")
      yield* expectInvalid(
        as(w.admin)(collections.move(a.id, { position: { before: { type: "space", space: "nope" } } })),
        "position.before.space"
      )
      yield* expectInvalid(
        as(w.admin)(collections.move(a.id, { position: { after: { type: "collection", collection: a1.id } } })),
        "position.after.collection"
      )
      yield* expectInvalid(
        as(w.admin)(collections.move(a.id, { position: { after: { type: "page", page: "x" } as never } })),
        "position.after.type"
      )
      yield* expectTag(as(w.admin)(collections.move(b.id, { parent: null })), "Conflict")
      yield* expectTag(
        as(w.admin)(collections.move(a.id, { position: { before: { type: "space", space: s.id } } })),
        "Conflict"
      )
      yield* expectTag(as(w.editor)(collections.move(b.id, { parent: a.id })), "Forbidden")

      const order = () =>
        Effect.map(contentState(w.org), (st) =>
          [...st.collections, ...st.spaces]
            .filter((x) => x.parentId === null)
            .sort((x, y) => (x.position < y.position ? -1 : 1))
            .map((x) => x.title)
        )
      expect(yield* order()).toEqual(["A", "S", "B"])
      yield* as(w.admin)(collections.move(b.id, { position: { before: { type: "collection", collection: a.id } } }))
      expect(yield* order()).toEqual(["B", "A", "S"])
      yield* as(w.admin)(collections.move(b.id, { position: { after: { type: "space", space: s.id } } }))
      expect(yield* order()).toEqual(["A", "S", "B"])

      const moved = yield* as(w.admin)(collections.move(a1.id, { parent: null }))
      expect(moved.parent).toBeUndefined()
      expect(yield* order()).toEqual(["A", "S", "B", "A1"])
      expect((yield* as(w.admin)(collections.get(a11.id))).parent).toBe(a1.id)
      // Now A is no longer above A1, so A may go into A11.
      const deep = yield* as(w.admin)(collections.move(a.id, { parent: a11.id }))
      expect(deep.parent).toBe(a11.id)
    }))

  test("move into a hidden collection is refused; its level is taken on by the moved subtree", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const open = yield* as(w.creator)(collections.create(w.org, { title: "Open" }))
      const inner = yield* as(w.creator)(spaces.create(w.org, { title: "Inner", parent: open.id }))
      const locked = yield* as(w.admin)(collections.create(w.org, { title: "Locked" }))
      yield* as(w.admin)(collections.update(locked.id, { defaultLevel: null }))
      yield* expectInvalid(as(w.creator)(collections.move(open.id, { parent: locked.id })), "parent")
      const readOnly = yield* as(w.admin)(collections.create(w.org, { title: "ReadOnly" }))
      yield* as(w.admin)(collections.update(readOnly.id, { defaultLevel: "read" }))
      yield* expectTag(as(w.creator)(collections.move(open.id, { parent: readOnly.id })), "Forbidden")

      yield* as(w.admin)(collections.move(open.id, { parent: locked.id }))
      yield* expectTag(as(w.creator)(spaces.get(inner.id)), "NotFound")
      yield* as(w.admin)(collections.move(open.id, { parent: readOnly.id }))
      expect((yield* as(w.creator)(spaces.get(inner.id))).permissions).toMatchObject({ view: true, edit: false })
    }))

  test("transfer moves the whole subtree to the end of the target root, keeping its structure", () =>
    Effect.gen(function* () {
      const { collections, spaces } = yield* services
      const w = yield* newWorld
      const target = yield* newOrganization(w.admin, "Target")
      const existing = yield* as(w.admin)(spaces.create(target, { title: "Existing" }))
      const top = yield* as(w.admin)(collections.create(w.org, { title: "Top" }))
      const mid = yield* as(w.admin)(collections.create(w.org, { title: "Mid", parent: top.id }))
      const s1 = yield* as(w.admin)(spaces.create(w.org, { title: "S1", parent: top.id }))
      const s2 = yield* as(w.admin)(spaces.create(w.org, { title: "S2", parent: mid.id }))
      const parent = yield* as(w.admin)(collections.create(w.org, { title: "Parent" }))
      yield* as(w.admin)(collections.update(parent.id, { defaultLevel: "read" }))
      yield* as(w.admin)(collections.move(top.id, { parent: parent.id }))

      yield* expectTag(as(w.admin)(collections.transfer(top.id, { organization: w.org })), "Conflict")
      yield* expectInvalid(as(w.admin)(collections.transfer(top.id, { organization: "nope" })), "organization")
      yield* expectInvalid(as(w.admin)(collections.transfer(top.id, {} as never)), "organization")
      yield* expectTag(as(w.reader)(collections.transfer(top.id, { organization: target })), "Forbidden")
      // A member of the target who may not create content there.
      const lowly = yield* newUser("Lowly")
      yield* addMember(target, lowly, "edit")
      yield* addMember(w.org, lowly, "admin")
      yield* expectTag(as(lowly)(collections.transfer(top.id, { organization: target })), "Forbidden")
      const before = yield* contentState(w.org)
      expect(before.collections.find((c) => c.id === mid.id)?.resolvedLevel).toBe("read")

      const moved = yield* as(w.admin)(collections.transfer(top.id, { organization: target }))
      expect(moved).toMatchObject({ organization: target, id: top.id })
      expect(moved.parent).toBeUndefined()
      const after = yield* contentState(target)
      expect(after.collections.map((c) => [c.id, c.parentId, c.resolvedLevel]).sort()).toEqual(
        [
          [top.id, null, "inherit"],
          [mid.id, top.id, "inherit"]
        ].sort()
      )
      expect(after.spaces.map((s) => [s.id, s.parentId]).sort()).toEqual(
        [
          [existing.id, null],
          [s1.id, top.id],
          [s2.id, mid.id]
        ].sort()
      )
      const topRecord = after.collections.find((c) => c.id === top.id)!
      const existingRecord = after.spaces.find((s) => s.id === existing.id)!
      expect(topRecord.position > existingRecord.position).toBe(true)
      const left = yield* contentState(w.org)
      expect(left.collections.map((c) => c.id)).toEqual([parent.id])
      expect(left.spaces).toEqual([])
      expect((yield* as(w.admin)(spaces.get(s2.id))).organization).toBe(target)
      yield* expectTag(as(w.reader)(spaces.get(s2.id)), "NotFound")
    }))

  test("members of another organization cannot find collections by id", () =>
    Effect.gen(function* () {
      const { collections } = yield* services
      const w = yield* newWorld
      const otherAdmin = yield* newUser("Other")
      const other = yield* newOrganization(otherAdmin, "Other")
      const c = yield* as(w.admin)(collections.create(w.org, {}))
      yield* newMember(other, "admin", "x")
      const e = yield* Effect.flip(as(otherAdmin)(collections.get(c.id)))
      expect(e).toMatchObject({ _tag: "NotFound" })
      expect(e.message).not.toContain(w.org as OrganizationId)
    }))
})
