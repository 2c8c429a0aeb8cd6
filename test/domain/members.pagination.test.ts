import { describe, expect, it } from "@effect/vitest"
import { compareKeys, MemberRepository, Members, type UserId } from "@quire/core"
import { Effect, FastCheck as fc, TestClock } from "effect"
import { as, expectBadLimits, expectWalk, newMember, newWorld, peopleLayer } from "../support/people.js"

const NAMES = ["ann", "Bob", "bob", "Cleo", "dan"]

describe("Member list pagination", () => {
  it.effect.prop(
    "walking next.page gives every member once, in order, for any sort, order and limit",
    [
      fc.array(fc.record({ name: fc.constantFrom(...NAMES), wait: fc.nat({ max: 2 }), seen: fc.option(fc.nat({ max: 3 })) }), {
        maxLength: 20
      }),
      fc.integer({ min: 1, max: 8 }),
      fc.constantFrom("joinedAt" as const, "lastSeenAt" as const, "name" as const),
      fc.constantFrom("asc" as const, "desc" as const)
    ],
    ([people, limit, sort, order]) =>
      Effect.gen(function* () {
        const members = yield* Members
        const repo = yield* MemberRepository
        const w = yield* newWorld
        const all = [w.admin, w.creator, w.editor, w.reader, w.guest]
        const seen: Array<string> = []
        for (const person of people) {
          // Some members join at the same instant, some later: ties and gaps in joinedAt.
          yield* TestClock.adjust(person.wait)
          const user = yield* newMember(w.org, w.admin, "read", person.name)
          all.push(user)
          if (person.seen !== null) {
            const member = yield* Effect.flatten(repo.find(w.org, user.id))
            yield* repo.update({ ...member, lastSeenAt: new Date(Date.UTC(2024, 0, 1 + person.seen)).toISOString() })
            seen.push(user.id)
          }
        }
        const expected = sort === "lastSeenAt" ? seen : all.map((u) => u.id)
        const items = yield* expectWalk(
          (page) => as(w.reader)(members.list(w.org, { ...page, sort, order })),
          limit,
          expected
        )
        const key = (m: (typeof items)[number]) => [
          sort === "name" ? m.user.displayName.toLowerCase() : sort === "joinedAt" ? m.joinedAt : m.lastSeenAt!,
          m.id
        ]
        const sign = order === "asc" ? 1 : -1
        for (let i = 1; i < items.length; i++) {
          expect(sign * compareKeys(key(items[i - 1]!), key(items[i]!))).toBeLessThan(0)
        }
      }).pipe(Effect.provide(peopleLayer)),
    { fastCheck: { numRuns: 30 } }
  )

  it.effect.prop(
    "filtered walks (role, search) give exactly the matching members",
    [fc.array(fc.constantFrom("read" as const, "edit" as const, null), { maxLength: 15 }), fc.integer({ min: 1, max: 5 })],
    ([roles, limit]) =>
      Effect.gen(function* () {
        const members = yield* Members
        const w = yield* newWorld
        const made = [] as Array<{ id: UserId; role: "read" | "edit" | null; name: string }>
        for (const [i, role] of roles.entries()) {
          const name = i % 2 === 0 ? `Even ${i}` : `Odd ${i}`
          const user = yield* newMember(w.org, w.admin, role, name)
          made.push({ id: user.id, role, name })
        }
        const editors = [w.editor.id, ...made.filter((m) => m.role === "edit").map((m) => m.id)]
        yield* expectWalk((page) => as(w.admin)(members.list(w.org, { ...page, role: "edit" })), limit, editors)
        const guests = [w.guest.id, ...made.filter((m) => m.role === null).map((m) => m.id)]
        yield* expectWalk((page) => as(w.admin)(members.list(w.org, { ...page, role: "guest" })), limit, guests)
        const odd = made.filter((m) => m.name.startsWith("Odd")).map((m) => m.id)
        yield* expectWalk((page) => as(w.admin)(members.list(w.org, { ...page, search: "oDD" })), limit, odd)
      }).pipe(Effect.provide(peopleLayer)),
    { fastCheck: { numRuns: 20 } }
  )

  it.effect("limits outside 1..1000 are InvalidInput naming limit", () =>
    Effect.gen(function* () {
      const members = yield* Members
      const w = yield* newWorld
      yield* expectBadLimits((page) => as(w.admin)(members.list(w.org, page)))
      expect((yield* as(w.admin)(members.list(w.org, { limit: 1000 }))).count).toBe(5)
      expect((yield* as(w.admin)(members.list(w.org, { limit: 1 }))).items).toHaveLength(1)
    }).pipe(Effect.provide(peopleLayer))
  )
})
