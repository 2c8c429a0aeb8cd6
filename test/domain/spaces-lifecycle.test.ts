import { describe, expect, it } from "@effect/vitest"
import { Collections, DAY_MS, type SpaceId, SpaceRepository, Spaces } from "@quire/core"
import { Effect, Option, TestClock } from "effect"
import { as, contentLayer, contentState, expectTag, newWorld } from "../support/content.js"

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), contentLayer) as Effect.Effect<A, E>)

const services = Effect.all({ collections: Collections, spaces: Spaces })
const WEEK = 7 * DAY_MS

const stored = (id: string) => Effect.flatMap(SpaceRepository, (repo) => repo.findById(id as SpaceId))

describe("Space lifecycle", () => {
  test("delete hides the space from lists and from everyone but its admins, who see deletedAt", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, {}))
      const space = yield* as(w.admin)(spaces.create(w.org, { title: "Doomed", parent: c.id }))
      yield* expectTag(as(w.editor)(spaces.remove(space.id)), "Forbidden")
      yield* expectTag(as(w.outsider)(spaces.remove(space.id)), "NotFound")
      yield* TestClock.adjust(5000)
      yield* as(w.creator)(spaces.remove(space.id))

      const seen = yield* as(w.admin)(spaces.get(space.id))
      expect(seen.deletedAt).toBe(new Date(5000).toISOString())
      expect((yield* as(w.creator)(spaces.get(space.id))).deletedAt).toBeDefined()
      yield* expectTag(as(w.editor)(spaces.get(space.id)), "NotFound")
      yield* expectTag(as(w.reader)(spaces.get(space.id)), "NotFound")
      expect((yield* as(w.admin)(spaces.list(w.org, {}))).count).toBe(0)
      expect((yield* as(w.admin)(collections.listSpaces(c.id, {}))).count).toBe(0)
      expect((yield* as(w.admin)(spaces.listForMember(w.org, w.admin.id, {}))).count).toBe(0)
      // Deleted content is not changed until it is restored.
      yield* expectTag(as(w.admin)(spaces.update(space.id, { title: "x" })), "Conflict")
      yield* expectTag(as(w.admin)(spaces.remove(space.id)), "Conflict")
      yield* expectTag(as(w.admin)(spaces.duplicate(space.id)), "Conflict")
      yield* expectTag(as(w.admin)(spaces.move(space.id, { parent: null })), "Conflict")
      yield* expectTag(as(w.editor)(spaces.update(space.id, { title: "x" })), "NotFound")
    }))

  test("restore within 7 days brings the space back exactly as it was", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, {}))
      const first = yield* as(w.admin)(spaces.create(w.org, { title: "First", parent: c.id, emoji: "📘" }))
      const middle = yield* as(w.admin)(spaces.create(w.org, { title: "Middle", parent: c.id }))
      yield* as(w.admin)(spaces.create(w.org, { title: "Last", parent: c.id }))
      yield* as(w.admin)(spaces.update(middle.id, { defaultLevel: "comment" }))
      const before = Option.getOrThrow(yield* stored(middle.id))
      yield* expectTag(as(w.admin)(spaces.restore(middle.id)), "Conflict")

      yield* as(w.admin)(spaces.remove(middle.id))
      yield* TestClock.adjust(WEEK)
      yield* expectTag(as(w.editor)(spaces.restore(middle.id)), "NotFound")
      const restored = yield* as(w.admin)(spaces.restore(middle.id))
      expect(restored.deletedAt).toBeUndefined()
      expect(restored).toMatchObject({ parent: c.id, title: "Middle", defaultLevel: "comment" })
      const after = Option.getOrThrow(yield* stored(middle.id))
      expect({ ...after, updatedAt: before.updatedAt }).toEqual(before)
      const order = (yield* contentState(w.org)).spaces.sort((a, b) => (a.position < b.position ? -1 : 1))
      expect(order.map((s) => s.title)).toEqual(["First", "Middle", "Last"])
      expect((yield* as(w.editor)(spaces.get(middle.id))).permissions).toMatchObject({ comment: true, edit: false })
      expect(first.emoji).toBe("📘")
    }))

  test("after 7 days restore is Gone even before the purge; purge removes exactly the expired ones", () =>
    Effect.gen(function* () {
      const { spaces } = yield* services
      const w = yield* newWorld
      const old = yield* as(w.admin)(spaces.create(w.org, { title: "Old" }))
      const recent = yield* as(w.admin)(spaces.create(w.org, { title: "Recent" }))
      const alive = yield* as(w.admin)(spaces.create(w.org, { title: "Alive" }))
      yield* as(w.admin)(spaces.remove(old.id))
      yield* TestClock.adjust(DAY_MS)
      yield* as(w.admin)(spaces.remove(recent.id))

      // Exactly 7 days after deletion: still restorable, not purged.
      yield* TestClock.adjust(WEEK - DAY_MS)
      expect(yield* spaces.purgeExpired).toBe(0)
      expect(Option.isSome(yield* stored(old.id))).toBe(true)

      yield* TestClock.adjust(1)
      yield* expectTag(as(w.admin)(spaces.restore(old.id)), "Gone")
      expect(Option.isSome(yield* stored(old.id))).toBe(true)
      expect(yield* spaces.purgeExpired).toBe(1)
      expect(Option.isNone(yield* stored(old.id))).toBe(true)
      yield* expectTag(as(w.admin)(spaces.restore(old.id)), "NotFound")
      yield* expectTag(as(w.admin)(spaces.get(old.id)), "NotFound")
      expect(Option.isSome(yield* stored(recent.id))).toBe(true)

      yield* TestClock.adjust(DAY_MS)
      expect(yield* spaces.purgeExpired).toBe(1)
      expect(yield* spaces.purgeExpired).toBe(0)
      expect(Option.isNone(yield* stored(recent.id))).toBe(true)
      expect((yield* as(w.admin)(spaces.get(alive.id))).title).toBe("Alive")
    }))

  test("purge goes through more expired spaces than one batch", () =>
    Effect.gen(function* () {
      const { spaces } = yield* services
      const w = yield* newWorld
      const made = yield* Effect.forEach(Array.from({ length: 230 }), () => as(w.admin)(spaces.create(w.org, {})))
      yield* Effect.forEach(made, (s) => as(w.admin)(spaces.remove(s.id)))
      yield* TestClock.adjust(WEEK + 1)
      expect(yield* spaces.purgeExpired).toBe(230)
      expect((yield* contentState(w.org)).deleted).toEqual([])
    }))

  test("a space whose collection is gone comes back at the end of the root; a taken place is not reused", () =>
    Effect.gen(function* () {
      const { spaces, collections } = yield* services
      const w = yield* newWorld
      const c = yield* as(w.admin)(collections.create(w.org, { title: "C" }))
      const inside = yield* as(w.admin)(spaces.create(w.org, { title: "Inside", parent: c.id }))
      yield* as(w.admin)(collections.update(c.id, { defaultLevel: "read" }))
      yield* as(w.admin)(spaces.remove(inside.id))
      yield* as(w.admin)(collections.remove(c.id))
      yield* as(w.admin)(spaces.create(w.org, { title: "Last" }))
      const back = yield* as(w.admin)(spaces.restore(inside.id))
      expect(back.parent).toBeUndefined()
      expect(Option.getOrThrow(yield* stored(inside.id)).resolvedLevel).toBe("inherit")
      const order = (yield* contentState(w.org)).spaces.sort((a, b) => (a.position < b.position ? -1 : 1))
      expect(order.map((s) => s.title)).toEqual(["Last", "Inside"])

      // A root space deleted last gets its key reused by a newer sibling; restoring it must not collide.
      const gone = yield* as(w.admin)(spaces.create(w.org, { title: "Gone" }))
      yield* as(w.admin)(spaces.remove(gone.id))
      const taker = yield* as(w.admin)(spaces.create(w.org, { title: "Taker" }))
      expect(Option.getOrThrow(yield* stored(taker.id)).position).toBe(Option.getOrThrow(yield* stored(gone.id)).position)
      yield* as(w.admin)(spaces.restore(gone.id))
      const positions = (yield* contentState(w.org)).spaces.map((s) => s.position)
      expect(new Set(positions).size).toBe(positions.length)
      yield* as(w.admin)(spaces.move(taker.id, { position: { after: { type: "space", space: gone.id } } }))
    }))
})
