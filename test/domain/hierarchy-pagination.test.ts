import { describe, expect, it } from "@effect/vitest"
import { type CollectionId, Collections, type Page, type PageRequest, type SpaceId, Spaces } from "@quire/core"
import { Clock, Effect, FastCheck as fc, TestClock } from "effect"
import { as, contentLayer, expectInvalid, newMember, newOrganization, newUser } from "../support/content.js"
import { walkPages } from "../support/pagination.js"

interface Made {
  readonly kind: "collection" | "space"
  readonly nested: boolean
  readonly hidden: boolean
  /** Milliseconds to wait before making it: 0 gives ties in `createdAt`, broken by id. */
  readonly gap: 0 | 1
}

const scenario = fc.record({
  items: fc.array(
    fc.record({
      kind: fc.constantFrom("collection" as const, "space" as const),
      nested: fc.boolean(),
      hidden: fc.boolean(),
      gap: fc.constantFrom(0 as const, 1 as const)
    }),
    { maxLength: 24 }
  ),
  limit: fc.integer({ min: 1, max: 7 }),
  asAdmin: fc.boolean(),
  order: fc.constantFrom("asc" as const, "desc" as const)
})

/** Every page holds at most `limit`, says the same total, and only the last has no `next`. */
const checkPages = <A extends { id: string }>(pages: ReadonlyArray<Page<A>>, limit: number, expected: ReadonlyArray<string>) => {
  for (const [i, page] of pages.entries()) {
    expect(page.count).toBe(expected.length)
    expect(page.items.length).toBeLessThanOrEqual(limit)
    expect(page.next === undefined).toBe(i === pages.length - 1)
  }
  expect(pages.flatMap((p) => p.items.map((x) => x.id))).toEqual(expected)
}

describe("pagination of content lists", () => {
  it.effect.prop(
    "collection list, organization spaces, collection spaces and member spaces: every item once, in order",
    [scenario],
    ([{ items, limit, asAdmin, order }]) =>
      Effect.gen(function* () {
        const collections = yield* Collections
        const spaces = yield* Spaces
        const admin = yield* newUser("Admin")
        const org = yield* newOrganization(admin)
        const reader = yield* newMember(org, "read", "Reader")
        const caller = asAdmin ? admin : reader
        const home = yield* as(admin)(collections.create(org, { title: "Home" }))
        const made: Array<{ readonly id: string; readonly createdAt: string } & Made> = []
        for (const item of items) {
          yield* TestClock.adjust(item.gap)
          const input = item.nested ? { parent: home.id } : {}
          const created =
            item.kind === "space"
              ? yield* as(admin)(spaces.create(org, input))
              : yield* as(admin)(collections.create(org, input))
          if (item.hidden) {
            yield* item.kind === "space"
              ? as(admin)(spaces.update(created.id as SpaceId, { defaultLevel: null }))
              : as(admin)(collections.update(created.id as CollectionId, { defaultLevel: null }))
          }
          const createdAt = new Date(yield* Clock.currentTimeMillis).toISOString()
          made.push({ ...item, id: created.id, createdAt })
        }
        const homeEntry = { kind: "collection" as const, nested: false, hidden: false, gap: 0 as const, id: home.id, createdAt: new Date(0).toISOString() }
        const all = [homeEntry, ...made]
        const sorted = (rows: ReadonlyArray<(typeof all)[number]>, direction: "asc" | "desc" = "asc") => {
          const asc = [...rows].sort((a, b) =>
            a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : 1
          )
          return (direction === "asc" ? asc : asc.reverse()).map((r) => r.id)
        }
        const visible = all.filter((r) => asAdmin || !r.hidden)
        const me = as(caller)
        const walk = <A extends { id: string }, E, R>(list: (request: PageRequest) => Effect.Effect<Page<A>, E, R>) =>
          walkPages(list, limit)

        checkPages(
          yield* walk((r) => me(collections.list(org, r))),
          limit,
          sorted(visible.filter((r) => r.kind === "collection"))
        )
        checkPages(
          yield* walk((r) => me(collections.list(org, { ...r, nested: false }))),
          limit,
          sorted(visible.filter((r) => r.kind === "collection" && !r.nested))
        )
        checkPages(yield* walk((r) => me(spaces.list(org, r))), limit, sorted(visible.filter((r) => r.kind === "space")))
        checkPages(
          yield* walk((r) => me(collections.listSpaces(home.id, r))),
          limit,
          sorted(visible.filter((r) => r.kind === "space" && r.nested))
        )
        const memberPages = yield* walk((r) =>
          Effect.map(me(spaces.listForMember(org, caller.id, { ...r, order })), (page) => ({
            ...page,
            items: page.items.map((i) => ({ id: i.space.id }))
          }))
        )
        checkPages(memberPages, limit, sorted(visible.filter((r) => r.kind === "space"), order))
      }).pipe(Effect.provide(contentLayer)),
    { fastCheck: { numRuns: 40 } }
  )

  it.effect("a bad limit or page token is InvalidInput naming it, on every list", () =>
    Effect.gen(function* () {
      const collections = yield* Collections
      const spaces = yield* Spaces
      const admin = yield* newUser("Admin")
      const org = yield* newOrganization(admin)
      const home = yield* as(admin)(collections.create(org, {}))
      const lists: ReadonlyArray<(r: PageRequest) => Effect.Effect<unknown, unknown>> = [
        (r) => as(admin)(collections.list(org, r)),
        (r) => as(admin)(spaces.list(org, r)),
        (r) => as(admin)(collections.listSpaces(home.id, r)),
        (r) => as(admin)(spaces.listForMember(org, admin.id, r))
      ]
      for (const list of lists) {
        for (const limit of [0, -1, 1001, 1.5, Number.NaN]) yield* expectInvalid(list({ limit }), "limit")
        yield* expectInvalid(list({ page: "not-a-token" }), "page")
        yield* list({ limit: 1000 })
        yield* list({ limit: 1 })
      }
    }).pipe(Effect.provide(contentLayer))
  )
})
