/**
 * Change requests merged in either order: for random trees and random batches on two change
 * requests, when both merge in both orders the space ends with the same tree; a merge that
 * answers conflicts changes nothing. Inserts are left out here (their ids are random, so two
 * spaces cannot hold the same inserted page); the engine's merge laws cover them.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  type ChangeRequestId,
  ChangeRequests,
  type ContentChangeInput,
  ContentEngine,
  QuireCore,
  type SpaceId,
  Content,
  Spaces,
  type UserRecord
} from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { PersistentMapsLive } from "../../packages/core/src/content/store/index.js"
import { Effect, FastCheck as fc, Layer } from "effect"
import { as, newOrganization, newUser } from "../support/people.js"
import { dumpTree } from "./content-engine.fixtures.js"
import { baseTree, batchOf, intent, modelOf } from "./content-engine.model.js"

const layer = () =>
  QuireCore.layer({ publicUrl: "http://quire.test" }).pipe(
    Layer.provideMerge(PersistentMapsLive.pipe(Layer.provideMerge(MemoryStorage.layer)))
  )

const scenario = fc.record({
  base: baseTree(6).filter((pages) => pages.length > 0),
  ours: fc.array(intent.filter((i) => i.kind !== "insert"), { minLength: 1, maxLength: 5 }),
  theirs: fc.array(intent.filter((i) => i.kind !== "insert"), { minLength: 1, maxLength: 5 })
})

/** The tree as data that does not depend on sibling order or on who made the revision. */
const shape = (revision: string) =>
  Effect.map(dumpTree(revision), (dump) => ({
    pages: [...dump.pages.values()]
      .map((p) => JSON.stringify([p.id, p.title, p.slug, p.parent, dump.bodies.get(p.id)]))
      .sort(),
    children: [...dump.children].map(([parent, ids]) => JSON.stringify([parent, [...ids].sort()])).sort()
  }))

/** A space holding `pages`, with two change requests carrying `first` and `second`. */
const setUp = (
  admin: UserRecord,
  org: Parameters<Spaces["create"]>[0],
  pages: Parameters<ContentEngine["importPages"]>[0],
  first: ReadonlyArray<ContentChangeInput>,
  second: ReadonlyArray<ContentChangeInput>
) =>
  as(admin)(
    Effect.gen(function* () {
      const space = yield* (yield* Spaces).create(org, {})
      const engine = yield* ContentEngine
      const imported = yield* engine.importPages(pages, { spaceId: space.id, parents: [space.revision] })
      yield* (yield* Content).merge(space.id, { revision: imported.revision.id })
      const crs = yield* ChangeRequests
      const one = yield* crs.create(space.id, {})
      const two = yield* crs.create(space.id, {})
      yield* crs.updateContent(space.id, one.id, first)
      yield* crs.updateContent(space.id, two.id, second)
      return { space: space.id, one: one.id, two: two.id }
    })
  )

const mergeBoth = (admin: UserRecord, space: SpaceId, order: ReadonlyArray<ChangeRequestId>) =>
  as(admin)(
    Effect.gen(function* () {
      const crs = yield* ChangeRequests
      const spaces = yield* Spaces
      const results: Array<string> = []
      for (const id of order) {
        const before = (yield* spaces.get(space)).revision
        const outcome = yield* crs.merge(space, id)
        results.push(outcome.result)
        // A merge that answers conflicts leaves the space as it was.
        if (outcome.result === "conflicts") expect((yield* spaces.get(space)).revision).toBe(before)
      }
      return { results, revision: (yield* spaces.get(space)).revision }
    })
  )

describe("change requests: merge order", () => {
  it.effect.prop(
    "merging two change requests in either order gives the same tree when neither conflicts",
    [scenario],
    ([{ base, ours, theirs }]) =>
      Effect.gen(function* () {
        const first = batchOf(modelOf(base), ours, { tag: "X" }).changes
        const second = batchOf(modelOf(base), theirs, { tag: "Y" }).changes
        if (first.length === 0 || second.length === 0) return
        const admin = yield* newUser("Admin")
        const org = yield* newOrganization(admin)
        const a = yield* setUp(admin, org, base, first, second)
        const b = yield* setUp(admin, org, base, first, second)
        const forward = yield* mergeBoth(admin, a.space, [a.one, a.two])
        const backward = yield* mergeBoth(admin, b.space, [b.two, b.one])
        if (forward.results.includes("conflicts") || backward.results.includes("conflicts")) return
        expect(yield* shape(forward.revision)).toEqual(yield* shape(backward.revision))
      }).pipe(Effect.provide(layer())),
    { fastCheck: { numRuns: 30 } }
  )
})
