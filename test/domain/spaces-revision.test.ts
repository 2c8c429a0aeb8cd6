import { describe, expect, it } from "@effect/vitest"
import { ContentEngine, ObjectStore, RevisionRepository, type RevisionId, Spaces } from "@quire/core"
import { Effect, Option } from "effect"
import { as, contentLayer, newOrganization, newUser } from "../support/content.js"

describe("a space's content", () => {
  it.layer(contentLayer)((it) => {
    it.effect("a new space points at a real, empty first revision; later spaces write no new objects", () =>
      Effect.gen(function* () {
        const spaces = yield* Spaces
        const revisions = yield* RevisionRepository
        const objects = yield* ObjectStore
        const ada = yield* newUser("Ada")
        const org = yield* newOrganization(ada)
        const first = yield* as(ada)(spaces.create(org, { title: "One" }))
        const revision = Option.getOrThrow(yield* revisions.findById(first.revision as RevisionId))
        expect(revision.spaceId).toBe(first.id)
        expect(revision.parents).toEqual([])
        const tree = yield* Effect.provide(
          Effect.flatMap(ContentEngine, (engine) => engine.tree(first.revision)),
          ContentEngine.Default
        )
        expect(yield* tree.children(null)).toEqual([])
        const before = yield* objects.size
        const second = yield* as(ada)(spaces.create(org, { title: "Two" }))
        expect(second.revision).not.toBe(first.revision)
        const secondRevision = Option.getOrThrow(yield* revisions.findById(second.revision as RevisionId))
        expect(secondRevision.root).toBe(revision.root)
        expect(yield* objects.size).toEqual(before)
      })
    )
  })
})
