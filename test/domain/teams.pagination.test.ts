import { describe, it } from "@effect/vitest"
import { type TeamId, Teams } from "@quire/core"
import { Effect, FastCheck as fc, TestClock } from "effect"
import { as, expectBadLimits, expectWalk, newMember, newWorld, peopleLayer } from "../support/people.js"

describe("Team list pagination", () => {
  it.effect.prop(
    "teams, a member's teams and a title filter: every item once",
    [
      fc.array(fc.record({ wait: fc.nat({ max: 2 }), title: fc.constantFrom("Docs", "API", "docs team"), joins: fc.boolean() }), {
        maxLength: 25
      }),
      fc.integer({ min: 1, max: 8 })
    ],
    ([specs, limit]) =>
      Effect.gen(function* () {
        const teams = yield* Teams
        const w = yield* newWorld
        const made: Array<{ id: string; title: string; joins: boolean }> = []
        for (const spec of specs) {
          yield* TestClock.adjust(spec.wait)
          const team = yield* as(w.admin)(
            teams.create(w.org, { title: spec.title, members: spec.joins ? [w.editor.id] : [] })
          )
          made.push({ id: team.id, title: spec.title, joins: spec.joins })
        }
        yield* expectWalk(
          (page) => as(w.reader)(teams.list(w.org, page)),
          limit,
          made.map((t) => t.id)
        )
        yield* expectWalk(
          (page) => as(w.reader)(teams.list(w.org, { ...page, title: "DOCS" })),
          limit,
          made.filter((t) => t.title.toLowerCase().includes("docs")).map((t) => t.id)
        )
        const editorTeams = made.filter((t) => t.joins)
        yield* expectWalk(
          (page) => as(w.reader)(teams.listForMember(w.org, w.editor.id, page)),
          limit,
          editorTeams.map((t) => t.id),
          (item) => item.team.id
        )
        yield* expectWalk(
          (page) => as(w.reader)(teams.listForMember(w.org, w.editor.id, { ...page, title: "api" })),
          limit,
          editorTeams.filter((t) => t.title === "API").map((t) => t.id),
          (item) => item.team.id
        )
      }).pipe(Effect.provide(peopleLayer)),
    { fastCheck: { numRuns: 30 } }
  )

  it.effect.prop(
    "team members: every member once",
    [fc.nat({ max: 25 }), fc.integer({ min: 1, max: 8 })],
    ([size, limit]) =>
      Effect.gen(function* () {
        const teams = yield* Teams
        const w = yield* newWorld
        const ids: Array<string> = []
        for (let i = 0; i < size; i++) ids.push((yield* newMember(w.org, w.admin, "read", `M${i}`)).id)
        const team = yield* as(w.admin)(teams.create(w.org, { title: "Big", members: ids }))
        yield* expectWalk(
          (page) => as(w.reader)(teams.listMembers(w.org, team.id as TeamId, page)),
          limit,
          ids,
          (item) => item.organization.id
        )
      }).pipe(Effect.provide(peopleLayer)),
    { fastCheck: { numRuns: 25 } }
  )

  it.effect("limits outside 1..1000 are InvalidInput naming limit, on every team list", () =>
    Effect.gen(function* () {
      const teams = yield* Teams
      const w = yield* newWorld
      const team = (yield* as(w.admin)(teams.create(w.org, { title: "T", members: [w.reader.id] }))).id as TeamId
      yield* expectBadLimits((page) => as(w.admin)(teams.list(w.org, page)))
      yield* expectBadLimits((page) => as(w.admin)(teams.listMembers(w.org, team, page)))
      yield* expectBadLimits((page) => as(w.admin)(teams.listForMember(w.org, w.reader.id, page)))
    }).pipe(Effect.provide(peopleLayer))
  )
})
