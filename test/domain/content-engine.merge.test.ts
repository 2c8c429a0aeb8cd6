import { describe, expect, it } from "@effect/vitest"
import { ObjectStore } from "@quire/core"
import { Effect } from "effect"
import {
  applyChanges,
  type ContentChangeInput,
  loadContentTree,
  type MergeConflict,
  type MergeOutcome,
  mergeRevisions,
  type PageConflict
} from "../../packages/core/src/content/tree/index.js"
import { byTitle, dumpTree, engineLayer, seedRevision } from "./content-engine.fixtures.js"

const seed = () =>
  seedRevision([
    { id: "a", title: "A", markdown: "First paragraph.\n\nSecond paragraph.\n\nThird paragraph." },
    { id: "b", title: "B", markdown: "Bee." },
    { id: "c", title: "C", parent: "b" }
  ])

/** `ours` and `theirs` made from `base` by two batches. */
const sides = (ours: ReadonlyArray<ContentChangeInput>, theirs: ReadonlyArray<ContentChangeInput>) =>
  Effect.gen(function* () {
    const base = yield* seed()
    const o = yield* applyChanges(base.id, ours)
    const t = yield* applyChanges(base.id, theirs)
    return { base: base.id, ours: o.revision.id, theirs: t.revision.id }
  })

const merged = (outcome: MergeOutcome) => {
  if (outcome._tag !== "Merged") throw new Error(`expected a merge, got ${JSON.stringify(outcome)}`)
  return outcome.revision
}
const conflicts = (outcome: MergeOutcome): ReadonlyArray<MergeConflict> => (outcome._tag === "Conflicted" ? outcome.conflicts : [])
const pageConflicts = (outcome: MergeOutcome) => conflicts(outcome) as ReadonlyArray<PageConflict>

describe("mergeRevisions", () => {
  it.layer(engineLayer())((it) => {
    it.effect("merges edits to different pages and to different fields of one page into a merge revision", () =>
      Effect.gen(function* () {
        const s = yield* sides(
          [
            { operation: "update_page", page: "a", title: "A (ours)" },
            { operation: "insert_page", title: "Ours", document: {} }
          ],
          [
            { operation: "update_page", page: "a", emoji: "🎉" },
            { operation: "update_page", page: "b", document: { markdown: "Bee, theirs." } },
            { operation: "insert_page", title: "Theirs", document: {} }
          ]
        )
        const revision = merged(yield* mergeRevisions(s.base, s.ours, s.theirs))
        expect(revision.type).toBe("merge")
        expect(revision.parents).toEqual([s.ours, s.theirs])
        const dump = yield* dumpTree(revision)
        expect(dump.pages.get("a")).toMatchObject({ title: "A (ours)", emoji: "🎉" })
        expect(dump.bodies.get("b")).toBe("Bee, theirs.\n")
        const root = dump.children.get("")!.map((id) => dump.pages.get(id)!.title)
        expect(root.slice(0, 2)).toEqual(["A (ours)", "B"])
        expect(new Set(root.slice(2))).toEqual(new Set(["Ours", "Theirs"]))
      })
    )

    it.effect("merges edits to different paragraphs of one document line by line", () =>
      Effect.gen(function* () {
        const s = yield* sides(
          [{ operation: "update_page", page: "a", document: { markdown: "First, ours.\n\nSecond paragraph.\n\nThird paragraph." } }],
          [{ operation: "update_page", page: "a", document: { markdown: "First paragraph.\n\nSecond paragraph.\n\nThird, theirs." } }]
        )
        const revision = merged(yield* mergeRevisions(s.base, s.ours, s.theirs))
        const tree = yield* loadContentTree(revision.id)
        expect(yield* tree.body("a")).toBe("First, ours.\n\nSecond paragraph.\n\nThird, theirs.\n")
      })
    )

    it.effect("reports the same region edited on both sides, with both versions", () =>
      Effect.gen(function* () {
        const s = yield* sides(
          [{ operation: "update_page", page: "a", document: { markdown: "Ours.\n\nSecond paragraph.\n\nThird paragraph." } }],
          [{ operation: "update_page", page: "a", document: { markdown: "Theirs.\n\nSecond paragraph.\n\nThird paragraph." } }]
        )
        const found = pageConflicts(yield* mergeRevisions(s.base, s.ours, s.theirs))
        expect(found).toHaveLength(1)
        expect(found[0]).toMatchObject({ kind: "document", page: { id: "a", title: "A" } })
        expect(found[0]!.ours?.markdown).toContain("Ours.")
        expect(found[0]!.theirs?.markdown).toContain("Theirs.")
      })
    )

    it.effect("reports a page edited on one side and deleted on the other", () =>
      Effect.gen(function* () {
        const s = yield* sides(
          [{ operation: "update_page", page: "c", title: "C2" }],
          [{ operation: "delete_page", page: "b" }]
        )
        const found = pageConflicts(yield* mergeRevisions(s.base, s.ours, s.theirs))
        expect(found.map((c) => [c.kind, c.page.id])).toEqual([["edited-deleted", "c"]])
        expect(found[0]!.ours?.page.title).toBe("C2")
        expect(found[0]!.theirs).toBeUndefined()
      })
    )

    it.effect("reports a page put under a page the other side deleted", () =>
      Effect.gen(function* () {
        const s = yield* sides([{ operation: "insert_page", into: "c", title: "New", document: {} }], [{ operation: "delete_page", page: "c" }])
        const found = pageConflicts(yield* mergeRevisions(s.base, s.ours, s.theirs))
        expect(found.map((c) => [c.kind, c.page.id, c.other?.title])).toEqual([["deleted-parent", "c", "New"]])
      })
    )

    it.effect("reports a slug collision and a cycle made by moves on both sides", () =>
      Effect.gen(function* () {
        const collision = yield* sides(
          [{ operation: "insert_page", title: "Same", document: {} }],
          [{ operation: "insert_page", title: "Same", document: {} }]
        )
        const slug = pageConflicts(yield* mergeRevisions(collision.base, collision.ours, collision.theirs))
        expect(slug.map((c) => c.kind)).toEqual(["slug"])
        expect(slug[0]!.page.title).toBe("Same")
        const cycle = yield* sides([{ operation: "update_page", page: "a", into: "c" }], [{ operation: "update_page", page: "b", into: "a" }])
        const found = pageConflicts(yield* mergeRevisions(cycle.base, cycle.ours, cycle.theirs))
        expect(found.map((c) => c.kind)).toEqual(["cycle"])
        expect(["a", "b", "c"]).toContain(found[0]!.page.id)
      })
    )

    it.effect("reports both sides moving a page under different parents and setting a field differently", () =>
      Effect.gen(function* () {
        const s = yield* sides(
          [{ operation: "update_page", page: "c", into: null, title: "Ours" }],
          [{ operation: "update_page", page: "c", into: "a", title: "Theirs" }]
        )
        const found = pageConflicts(yield* mergeRevisions(s.base, s.ours, s.theirs))
        expect(found.map((c) => [c.kind, c.page.id, c.fields])).toEqual([
          ["fields", "c", ["title"]],
          ["moved", "c", undefined]
        ])
      })
    )

    it.effect("a dry run writes nothing and says whether it would merge", () =>
      Effect.gen(function* () {
        const s = yield* sides([{ operation: "update_page", page: "a", title: "X" }], [{ operation: "update_page", page: "b", title: "Y" }])
        const store = yield* ObjectStore
        const before = yield* store.size
        const dry = yield* mergeRevisions(s.base, s.ours, s.theirs, { dryRun: true })
        expect(dry._tag).toBe("Mergeable")
        expect(yield* store.size).toEqual(before)
        const real = yield* mergeRevisions(s.base, s.ours, s.theirs)
        expect(real._tag === "Merged" && real.revision.root).toBe(dry._tag === "Mergeable" && dry.root)
        const dump = yield* dumpTree(merged(real))
        expect(byTitle(dump, "X").id).toBe("a")
        expect(byTitle(dump, "Y").id).toBe("b")
      })
    )
  })
})
