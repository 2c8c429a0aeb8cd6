import { describe, expect, it } from "@effect/vitest"
import { ObjectStore, RevisionRepository } from "@quire/core"
import { Effect, FastCheck as fc } from "effect"
import {
  applyChanges,
  type MergeConflict,
  type MergeOutcome,
  mergeRevisions
} from "../../packages/core/src/content/tree/index.js"
import { dumpTree, engineLayer, expectATree, seedRevision } from "./content-engine.fixtures.js"
import { baseTree, batchOf, cloneModel, type Intent, intent, modelOf } from "./content-engine.model.js"

const rootOf = (outcome: MergeOutcome) => (outcome._tag === "Merged" ? outcome.revision.root : `(${outcome._tag})`)

/** A conflict as seen from the other side: ours and theirs swapped. */
const describeConflict = (conflict: MergeConflict, swap: boolean) => {
  const [ours, theirs] = swap ? [conflict.theirs, conflict.ours] : [conflict.ours, conflict.theirs]
  const page = "page" in conflict ? conflict.page.id : conflict.id
  const other = "other" in conflict ? conflict.other?.id : undefined
  const ids = conflict.kind === "slug" || conflict.kind === "cycle" ? [page, other].sort().join("+") : page
  return JSON.stringify([conflict.kind, ids, ours === undefined ? null : ours, theirs === undefined ? null : theirs])
}

const scenario = fc.record({
  base: baseTree(8),
  ours: fc.array(intent, { minLength: 1, maxLength: 8 }),
  theirs: fc.array(intent, { minLength: 1, maxLength: 8 })
})

describe("mergeRevisions: laws", () => {
  it.effect.prop(
    "merge(b, x, b) = x, merge(b, b, y) = y, merge(b, x, x) = x, by root hash",
    [scenario],
    ([{ base, ours }]) =>
      Effect.gen(function* () {
        const { changes } = batchOf(modelOf(base), ours)
        if (changes.length === 0) return
        const b = yield* seedRevision(base)
        const x = (yield* applyChanges(b.id, changes)).revision
        expect(rootOf(yield* mergeRevisions(b.id, x.id, b.id))).toBe(x.root)
        expect(rootOf(yield* mergeRevisions(b.id, b.id, x.id))).toBe(x.root)
        expect(rootOf(yield* mergeRevisions(b.id, x.id, x.id))).toBe(x.root)
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 25 } }
  )

  it.effect.prop(
    "edits to different pages never conflict and both survive",
    [scenario],
    ([{ base, ours, theirs }]) =>
      Effect.gen(function* () {
        // Ours edits (and adds under) the first half of the pages, theirs the second half; no deletes, no moves.
        const keys = base.map((page) => page.id)
        const half = Math.ceil(keys.length / 2)
        const only = (intents: typeof ours, from: number, to: number) =>
          intents.flatMap((it): Array<Intent> => {
            if (it.kind === "delete") return []
            if (it.kind === "update") return to > from ? [{ ...it, page: from + (it.page % (to - from)), move: null }] : []
            return [{ ...it, parent: to > from ? from + (it.parent % (to - from)) : keys.length }]
          })
        const modelO = modelOf(base)
        const modelT = modelOf(base)
        const x = batchOf(modelO, only(ours, 0, half), { tag: "O" })
        const y = batchOf(modelT, only(theirs, half, keys.length), { tag: "T" })
        if (x.changes.length === 0 || y.changes.length === 0) return
        const b = yield* seedRevision(base)
        const o = yield* applyChanges(b.id, x.changes)
        const t = yield* applyChanges(b.id, y.changes)
        const outcome = yield* mergeRevisions(b.id, o.revision.id, t.revision.id)
        expect(outcome._tag).toBe("Merged")
        const dump = yield* dumpTree((outcome as Extract<MergeOutcome, { _tag: "Merged" }>).revision)
        const oursDump = yield* dumpTree(o.revision)
        const theirsDump = yield* dumpTree(t.revision)
        for (const [side, model, created] of [
          [oursDump, modelO, o.changes],
          [theirsDump, modelT, t.changes]
        ] as const) {
          for (const change of created) {
            if (change.object === "deleted_page") continue
            const page = side.pages.get(change.page)!
            const result = dump.pages.get(change.page)!
            expect({ ...result, updatedAt: "" }).toEqual({ ...page, updatedAt: "" })
            expect(dump.bodies.get(change.page)).toBe(side.bodies.get(change.page))
          }
          expect(dump.pages.size).toBeGreaterThanOrEqual(model.pages.size)
        }
        const added = (modelO.pages.size - base.length) + (modelT.pages.size - base.length)
        expect(dump.pages.size).toBe(base.length + added)
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 30 } }
  )

  it.effect.prop(
    "merge is symmetric up to which side a conflict lists first",
    [scenario],
    ([{ base, ours, theirs }]) =>
      Effect.gen(function* () {
        const x = batchOf(cloneModel(modelOf(base)), ours, { tag: "" })
        const y = batchOf(cloneModel(modelOf(base)), theirs, { tag: "" })
        if (x.changes.length === 0 || y.changes.length === 0) return
        const b = yield* seedRevision(base)
        const o = (yield* applyChanges(b.id, x.changes)).revision
        const t = (yield* applyChanges(b.id, y.changes)).revision
        const one = yield* mergeRevisions(b.id, o.id, t.id, { dryRun: true })
        const two = yield* mergeRevisions(b.id, t.id, o.id, { dryRun: true })
        expect(one._tag).toBe(two._tag)
        if (one._tag === "Mergeable" && two._tag === "Mergeable") {
          expect(one.root).toBe(two.root)
          const real = yield* mergeRevisions(b.id, o.id, t.id)
          expect(real._tag === "Merged" && real.revision.root).toBe(one.root)
          if (real._tag === "Merged") expectATree(yield* dumpTree(real.revision))
        }
        if (one._tag === "Conflicted" && two._tag === "Conflicted") {
          expect(one.conflicts.map((c) => describeConflict(c, false)).sort()).toEqual(two.conflicts.map((c) => describeConflict(c, true)).sort())
        }
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 40 } }
  )
})

describe("content addressing", () => {
  it.effect.prop(
    "equal content has equal hashes: the same batch on the same base at the same time gives the same root",
    [baseTree(6)],
    ([base]) =>
      Effect.gen(function* () {
        const one = yield* seedRevision(base)
        const two = yield* seedRevision(base)
        expect(one.id).not.toBe(two.id)
        expect(one.root).toBe(two.root)
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 15 } }
  )

  it.effect.prop(
    "duplicating a revision (a new record with the same root) writes no objects",
    [baseTree(8)],
    ([base]) =>
      Effect.gen(function* () {
        const original = yield* seedRevision(base)
        const store = yield* ObjectStore
        const before = yield* store.size
        yield* (yield* RevisionRepository).insert({ ...original, id: `${original.id}-copy` as typeof original.id })
        expect(yield* store.size).toEqual(before)
        const copy = yield* dumpTree(`${original.id}-copy`)
        const source = yield* dumpTree(original)
        expect([...copy.pages.keys()].sort()).toEqual([...source.pages.keys()].sort())
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 15 } }
  )
})
