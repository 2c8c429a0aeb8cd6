import { describe, expect, it } from "@effect/vitest"
import { Collections, isEmoji, type SpaceId, SpaceRepository, Spaces } from "@quire/core"
import { Effect, Option, TestClock } from "effect"
import {
  addMember,
  as,
  contentLayer,
  contentState,
  expectInvalid,
  expectTag,
  newOrganization,
  newUser,
  newWorld
} from "../support/content.js"

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), contentLayer) as Effect.Effect<A, E>)

const services = Effect.all({ collections: Collections, spaces: Spaces })

const record = (id: string) =>
  Effect.flatMap(SpaceRepository, (repo) => Effect.map(repo.findById(id as SpaceId), Option.getOrThrow))

/** Titles of a parent's content (collections and spaces) in sibling order. */
const siblingTitles = (org: string, parentId: string | null) =>
  Effect.map(contentState(org as never), (st) =>
    [...st.collections, ...st.spaces]
      .filter((x) => x.parentId === parentId)
      .sort((x, y) => (x.position < y.position ? -1 : x.position > y.position ? 1 : 0))
      .map((x) => x.title)
  )

describe("Spaces", () => {
  test("create gives the official Space shape with defaults", () =>
    Effect.gen(function* () {
      const { spaces } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, {}))
      expect(space).toMatchObject({
        object: "space",
        title: "Untitled",
        emoji: "",
        organization: w.org,
        visibility: "private",
        editMode: "live",
        defaultLevel: "inherit",
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        mergeRules: { type: "inherit" },
        urls: {
          location: `http://quire.test/v1/spaces/${space.id}`,
          app: `http://quire.test/o/${w.org}/s/${space.id}`
        }
      })
      expect(space.urls.published).toBeUndefined()
      expect(space.urls.public).toBeUndefined()
      expect(space.parent).toBeUndefined()
      expect(space.deletedAt).toBeUndefined()
      expect(space.createdAt).toBe(new Date(0).toISOString())
      expect(space.revision).toMatch(/^[0-9A-Za-z]{20}$/)
      expect(Object.keys(space.permissions).sort()).toEqual(
        [
          "access",
          "admin",
          "comment",
          "edit",
          "installIntegration",
          "merge",
          "review",
          "triggerGitSync",
          "view",
          "viewInviteLinks"
        ].sort()
      )
      expect(Object.values(space.permissions).every((v) => v === true)).toBe(true)
      const full = yield* as(w.admin)(
        spaces.create(w.org, { title: "Guide", emoji: "🎉", editMode: "locked", empty: true })
      )
      expect(full).toMatchObject({ title: "Guide", emoji: "🎉", editMode: "locked" })
      expect(full.permissions).toMatchObject({ admin: true, edit: false, merge: false, comment: true })
      expect(full.revision).not.toBe(space.revision)
    }))

  test("create validates every field before writing anything", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const other = yield* newOrganization(w.admin, "Other")
      const foreign = yield* as(w.admin)(collections.create(other, {}))
      const before = yield* contentState(w.org)
      const create = (input: object) => as(w.admin)(spaces.create(w.org, input as never))
      yield* expectInvalid(create({ title: "x".repeat(51) }), "title")
      yield* expectInvalid(create({ emoji: "abc" }), "emoji")
      yield* expectInvalid(create({ emoji: "123" }), "emoji")
      yield* expectInvalid(create({ emoji: "" }), "emoji")
      yield* expectInvalid(create({ emoji: "🎉".repeat(51) }), "emoji")
      yield* expectInvalid(create({ emoji: "🎉 party" }), "emoji")
      yield* expectInvalid(create({ editMode: "frozen" }), "editMode")
      yield* expectInvalid(create({ empty: false }), "empty")
      yield* expectInvalid(create({ parent: "nope" }), "parent")
      yield* expectInvalid(create({ parent: foreign.id }), "parent")
      expect(yield* contentState(w.org)).toEqual(before)
      yield* expectTag(as(w.editor)(spaces.create(w.org, {})), "Forbidden")
      yield* expectTag(as(w.outsider)(spaces.create(w.org, {})), "NotFound")
      expect((yield* create({ emoji: "🎉".repeat(50) })).emoji).toBe("🎉".repeat(50))
    }))

  test("emoji: emoji characters and sequences, or hex code points", () =>
    Effect.sync(() => {
      for (const ok of ["🎉", "👨‍💻", "🇫🇷", "❤️", "1f600", "1F468-200D-1F4BB", "2764", "0023-fe0f-20e3", "👍🏽", "#️⃣"]) expect([ok, isEmoji(ok)]).toEqual([ok, true])
      for (const bad of ["", "a", "123", "#", "🎉a", "1f60", "zzzz", " 🎉", "1f600-", "110000", "0031"]) {
        expect([bad, isEmoji(bad)]).toEqual([bad, false])
      }
    }))

  test("update: editMode, title, defaultLevel, emoji (null removes it); only admins of the space", () =>
    Effect.gen(function* () {
      const { spaces } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, { title: "Guide", emoji: "📘" }))
      const before = yield* contentState(w.org)
      const update = (input: object) => as(w.admin)(spaces.update(space.id, input as never))
      yield* expectInvalid(update({ title: "t".repeat(51) }), "title")
      yield* expectInvalid(update({ editMode: "open" }), "editMode")
      yield* expectInvalid(update({ defaultLevel: "root" }), "defaultLevel")
      yield* expectInvalid(update({ emoji: "nope" }), "emoji")
      expect(yield* contentState(w.org)).toEqual(before)
      yield* expectTag(as(w.editor)(spaces.update(space.id, { title: "No" })), "Forbidden")
      yield* expectTag(as(w.outsider)(spaces.update(space.id, { title: "No" })), "NotFound")

      yield* TestClock.adjust(1000)
      const locked = yield* update({ editMode: "locked", title: "Handbook", emoji: null })
      expect(locked).toMatchObject({ editMode: "locked", title: "Handbook", emoji: "" })
      expect(locked.updatedAt).toBe(new Date(1000).toISOString())
      expect(locked.createdAt).toBe(new Date(0).toISOString())
      expect((yield* as(w.editor)(spaces.get(space.id))).permissions).toMatchObject({ edit: false, view: true })
      const live = yield* update({ editMode: "live", emoji: "1f600" })
      expect(live).toMatchObject({ editMode: "live", emoji: "1f600", title: "Handbook" })
      expect((yield* as(w.editor)(spaces.get(space.id))).permissions.edit).toBe(true)

      yield* update({ defaultLevel: "read" })
      expect((yield* as(w.editor)(spaces.get(space.id))).permissions).toMatchObject({ view: true, edit: false })
      yield* update({ defaultLevel: null })
      yield* expectTag(as(w.editor)(spaces.get(space.id)), "NotFound")
      expect((yield* record(space.id)).resolvedLevel).toBe("none")
    }))

  test("duplicate: a copy right after the original, same settings, title cut to 50", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, { title: "C" }))
      const title = "T".repeat(45)
      const original = yield* as(w.admin)(
        spaces.create(w.org, { title, emoji: "🎉", editMode: "locked", parent: c.id })
      )
      yield* as(w.admin)(spaces.create(w.org, { title: "After", parent: c.id }))
      yield* as(w.admin)(spaces.update(original.id, { defaultLevel: "comment" }))
      const copy = yield* as(w.admin)(spaces.duplicate(original.id))
      expect(copy.id).not.toBe(original.id)
      expect(copy.title).toBe(`${title} (cop`)
      expect(copy.title).toHaveLength(50)
      expect(copy).toMatchObject({
        emoji: "🎉",
        editMode: "locked",
        visibility: "private",
        defaultLevel: "comment",
        parent: c.id,
        revision: original.revision
      })
      expect(yield* siblingTitles(w.org, c.id)).toEqual([title, copy.title, "After"])
      const short = yield* as(w.admin)(spaces.create(w.org, { title: "Short" }))
      expect((yield* as(w.admin)(spaces.duplicate(short.id))).title).toBe("Short (copy)")
      // Duplicating needs create rights where the copy goes; viewing is not enough.
      yield* expectTag(as(w.reader)(spaces.duplicate(short.id)), "Forbidden")
      yield* expectTag(as(w.outsider)(spaces.duplicate(short.id)), "NotFound")
      expect((yield* as(w.creator)(spaces.duplicate(short.id))).title).toBe("Short (copy)")
    }))

  test("move: between collections and the root, before/after siblings of either kind", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, { title: "C" }))
      const s1 = yield* as(w.admin)(spaces.create(w.org, { title: "S1" }))
      const s2 = yield* as(w.admin)(spaces.create(w.org, { title: "S2", parent: c.id }))
      yield* expectInvalid(as(w.admin)(spaces.move(s1.id, {})), "body")
      yield* expectInvalid(as(w.admin)(spaces.move(s1.id, { parent: "nope" })), "parent")
      yield* expectInvalid(
        as(w.admin)(spaces.move(s1.id, { position: { before: { type: "space", space: s2.id } } })),
        "position.before.space"
      )
      yield* expectTag(as(w.admin)(spaces.move(s1.id, { parent: null })), "Conflict")
      yield* expectTag(as(w.admin)(spaces.move(s1.id, { position: {} })), "Conflict")
      yield* expectTag(as(w.editor)(spaces.move(s1.id, { parent: c.id })), "Forbidden")

      const moved = yield* as(w.admin)(
        spaces.move(s1.id, { parent: c.id, position: { before: { type: "space", space: s2.id } } })
      )
      expect(moved.parent).toBe(c.id)
      expect(yield* siblingTitles(w.org, c.id)).toEqual(["S1", "S2"])
      expect(yield* siblingTitles(w.org, null)).toEqual(["C"])
      yield* as(w.admin)(spaces.move(s2.id, { parent: null, position: { before: { type: "collection", collection: c.id } } }))
      expect(yield* siblingTitles(w.org, null)).toEqual(["S2", "C"])
      yield* as(w.admin)(spaces.move(s2.id, { position: { after: { type: "collection", collection: c.id } } }))
      expect(yield* siblingTitles(w.org, null)).toEqual(["C", "S2"])
    }))

  test("transfer: to the end of the other organization's root, with the caller's rights there", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const target = yield* newOrganization(w.admin, "Target")
      const there = yield* as(w.admin)(spaces.create(target, { title: "There" }))
      const c = yield* as(w.admin)(collections.create(w.org, { title: "C" }))
      yield* as(w.admin)(collections.update(c.id, { defaultLevel: "read" }))
      const space = yield* as(w.admin)(spaces.create(w.org, { title: "Moving", parent: c.id }))
      yield* expectTag(as(w.admin)(spaces.transfer(space.id, { organization: w.org })), "Conflict")
      yield* expectInvalid(as(w.admin)(spaces.transfer(space.id, { organization: "nope" })), "organization")
      const stranger = yield* newUser("Stranger")
      yield* addMember(w.org, stranger, "admin")
      yield* expectInvalid(as(stranger)(spaces.transfer(space.id, { organization: target })), "organization")
      yield* addMember(target, stranger, "review")
      yield* expectTag(as(stranger)(spaces.transfer(space.id, { organization: target })), "Forbidden")
      yield* expectTag(as(w.reader)(spaces.transfer(space.id, { organization: target })), "Forbidden")

      const moved = yield* as(w.admin)(spaces.transfer(space.id, { organization: target }))
      expect(moved).toMatchObject({ organization: target, id: space.id, title: "Moving" })
      expect(moved.parent).toBeUndefined()
      expect(yield* siblingTitles(target, null)).toEqual([there.title, "Moving"])
      expect((yield* record(space.id)).resolvedLevel).toBe("inherit")
      expect((yield* as(w.admin)(spaces.list(w.org, {}))).count).toBe(0)
      yield* expectTag(as(w.reader)(spaces.get(space.id)), "NotFound")
      // The stranger, an editor-less reviewer in the target, now reviews it there.
      expect((yield* as(stranger)(spaces.get(space.id))).permissions).toMatchObject({ review: true, admin: false })
    }))

  test("listForMember: the member's level on each space it can access; self or organization admin only", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const open = yield* as(w.admin)(spaces.create(w.org, { title: "Open" }))
      yield* TestClock.adjust(1)
      const readOnly = yield* as(w.admin)(spaces.create(w.org, { title: "ReadOnly" }))
      yield* as(w.admin)(spaces.update(readOnly.id, { defaultLevel: "read" }))
      yield* TestClock.adjust(1)
      const hidden = yield* as(w.admin)(spaces.create(w.org, { title: "Hidden" }))
      yield* as(w.admin)(spaces.update(hidden.id, { defaultLevel: null }))
      const c = yield* as(w.admin)(collections.create(w.org, {}))
      yield* TestClock.adjust(1)
      const nested = yield* as(w.admin)(spaces.create(w.org, { title: "Nested", parent: c.id }))

      const mine = yield* as(w.editor)(spaces.listForMember(w.org, w.editor.id, {}))
      expect(mine.items.map((i) => [i.space.id, i.permission])).toEqual([
        [nested.id, "edit"],
        [readOnly.id, "read"],
        [open.id, "edit"]
      ])
      expect(mine.count).toBe(3)
      const asc = yield* as(w.admin)(spaces.listForMember(w.org, w.editor.id, { order: "asc" }))
      expect(asc.items.map((i) => i.space.id)).toEqual([open.id, readOnly.id, nested.id])
      // Listed by the admin, the spaces carry the admin's permissions.
      expect(asc.items.every((i) => i.space.permissions.admin)).toBe(true)
      expect((yield* as(w.admin)(spaces.listForMember(w.org, w.admin.id, {}))).count).toBe(4)
      expect(yield* as(w.guest)(spaces.listForMember(w.org, w.guest.id, {}))).toMatchObject({ items: [], count: 0 })
      yield* expectTag(as(w.reader)(spaces.listForMember(w.org, w.editor.id, {})), "Forbidden")
      yield* expectTag(as(w.outsider)(spaces.listForMember(w.org, w.editor.id, {})), "NotFound")
      yield* expectTag(as(w.admin)(spaces.listForMember(w.org, w.outsider.id, {})), "NotFound")
      yield* expectInvalid(as(w.admin)(spaces.listForMember(w.org, w.editor.id, { order: "up" as never })), "order")
    }))

  test("org list: every space the caller can view, nested ones too; guests see none", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, {}))
      const a = yield* as(w.admin)(spaces.create(w.org, {}))
      const b = yield* as(w.admin)(spaces.create(w.org, { parent: c.id }))
      const hidden = yield* as(w.admin)(spaces.create(w.org, {}))
      yield* as(w.admin)(spaces.update(hidden.id, { defaultLevel: null }))
      const ids = (p: { items: ReadonlyArray<{ id: string }> }) => p.items.map((s) => s.id).sort()
      expect(ids(yield* as(w.admin)(spaces.list(w.org, {})))).toEqual([a.id, b.id, hidden.id].sort())
      expect(ids(yield* as(w.reader)(spaces.list(w.org, {})))).toEqual([a.id, b.id].sort())
      expect(yield* as(w.guest)(spaces.list(w.org, {}))).toMatchObject({ items: [], count: 0 })
      yield* expectTag(as(w.outsider)(spaces.list(w.org, {})), "NotFound")
      yield* expectTag(as(w.guest)(spaces.get(a.id)), "NotFound")
    }))
})
