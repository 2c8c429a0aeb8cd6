import { describe, it } from "@effect/vitest"
import { Invites } from "@quire/core"
import { Effect, FastCheck as fc, TestClock } from "effect"
import { as, expectBadLimits, expectWalk, newUser, newOrganization, peopleLayer } from "../support/people.js"

describe("Invite link pagination", () => {
  it.effect.prop(
    "walking next.page gives every invite link exactly once",
    [fc.array(fc.nat({ max: 2 }), { maxLength: 30 }), fc.integer({ min: 1, max: 8 })],
    ([waits, limit]) =>
      Effect.gen(function* () {
        const invites = yield* Invites
        const admin = yield* newUser("Admin")
        const org = yield* newOrganization(admin)
        const ids: Array<string> = []
        for (const wait of waits) {
          yield* TestClock.adjust(wait)
          ids.push((yield* as(admin)(invites.create(org, { role: "read" }))).id)
        }
        yield* expectWalk((page) => as(admin)(invites.list(org, page)), limit, ids)
      }).pipe(Effect.provide(peopleLayer)),
    { fastCheck: { numRuns: 30 } }
  )

  it.effect("limits outside 1..1000 are InvalidInput naming limit", () =>
    Effect.gen(function* () {
      const invites = yield* Invites
      const admin = yield* newUser("Admin")
      const org = yield* newOrganization(admin)
      yield* expectBadLimits((page) => as(admin)(invites.list(org, page)))
    }).pipe(Effect.provide(peopleLayer))
  )
})
