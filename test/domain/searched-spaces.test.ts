/**
 * The organization search's list of spaces, kept while storage's change mark stands: read once
 * for many searches, and read again after any write (a new space, a renamed one, a deleted
 * one, a space hidden from members), on memory storage.
 */
import { describe, expect, it } from "@effect/vitest"
import { type OrganizationId, SpaceRepository, Spaces } from "@quire/core"
import { Effect } from "effect"
import { unrestricted } from "../../packages/core/src/policy/Authorized.js"
import { makeSearchedSpaces } from "../../packages/core/src/search/searchedSpaces.js"
import { as, contentLayer, newWorld } from "../support/content.js"

/** `makeSearchedSpaces` over the store's own repository, counting the reads it makes of it. */
const countingSearchedSpaces = Effect.gen(function* () {
  const repository = yield* SpaceRepository
  let reads = 0
  const counted = SpaceRepository.of({
    ...repository,
    all: (organizationId, visibleOnly) => {
      reads++
      return repository.all(organizationId, visibleOnly)
    }
  })
  const searched = yield* Effect.provideService(makeSearchedSpaces, SpaceRepository, counted)
  const list = (organizationId: OrganizationId, visibleOnly: boolean) =>
    Effect.map(unrestricted("a test reads the list as the search would", searched(organizationId, visibleOnly)), (spaces) =>
      spaces.map((space) => space.title).sort()
    )
  return { list, reads: () => reads }
})

describe("the spaces an organization search reads", () => {
  it.effect("are read once while nothing is written, and again after each write", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const spaces = yield* Spaces
      const { list, reads } = yield* countingSearchedSpaces
      const first = yield* as(w.admin)(spaces.create(w.org, { title: "Handbook" }))

      expect(yield* list(w.org, false)).toEqual(["Handbook"])
      expect(yield* list(w.org, false)).toEqual(["Handbook"])
      expect(yield* list(w.org, true)).toEqual(["Handbook"])
      expect(reads()).toBe(2)

      const second = yield* as(w.admin)(spaces.create(w.org, { title: "Runbook" }))
      expect(yield* list(w.org, false)).toEqual(["Handbook", "Runbook"])
      expect(reads()).toBe(3)

      yield* as(w.admin)(spaces.update(first.id, { title: "Guide" }))
      expect(yield* list(w.org, false)).toEqual(["Guide", "Runbook"])

      yield* as(w.admin)(spaces.update(second.id, { defaultLevel: null }))
      expect(yield* list(w.org, true)).toEqual(["Guide"])
      expect(yield* list(w.org, false)).toEqual(["Guide", "Runbook"])

      yield* as(w.admin)(spaces.remove(first.id))
      expect(yield* list(w.org, false)).toEqual(["Runbook"])
      expect(reads()).toBe(7)
    }).pipe(Effect.provide(contentLayer))
  )
})
