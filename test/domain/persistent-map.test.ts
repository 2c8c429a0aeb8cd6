import { describe, expect, it } from "@effect/vitest"
import { MemoryStorage } from "@quire/storage-memory"
import type { ObjectHash } from "@quire/core"
import { Cause, Effect, FastCheck as fc } from "effect"
import {
  checkCanonical,
  EMPTY_MAP_NODE,
  EMPTY_MAP_ROOT,
  freshMaps,
  modelDiff,
  sameEntries,
  store,
  valueHash
} from "./persistent-map-model.js"
import { sqliteTestStorage } from "../support/sqlite.js"

/** Key 0 is "" (the root's key in the children map) and key 1 is not ASCII; the rest look like ids. */
const keyOf = (n: number): string => (n === 0 ? "" : n === 1 ? "é✓/页" : `k${n}`)
const POOL = 90

type Op = { readonly key: number; readonly value: number | null }
type Batch = { readonly _tag: "ops"; readonly ops: ReadonlyArray<Op> } | { readonly _tag: "keepFirst"; readonly keep: number }

const batch: fc.Arbitrary<Batch> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.record({ key: fc.nat({ max: POOL - 1 }), value: fc.option(fc.nat({ max: 3 }), { freq: 3 }) }), { minLength: 1, maxLength: 45 })
      .map((ops) => ({ _tag: "ops" as const, ops }))
  },
  // Deletes all but a few keys at once: branches collapse back into leaves.
  { weight: 1, arbitrary: fc.nat({ max: 20 }).map((keep) => ({ _tag: "keepFirst" as const, keep })) }
)

/** The changes a batch asks for against `model`: the last op on a key wins. */
const changesOf = (b: Batch, model: ReadonlyMap<string, ObjectHash>): Map<string, ObjectHash | undefined> => {
  const changes = new Map<string, ObjectHash | undefined>()
  if (b._tag === "ops") for (const op of b.ops) changes.set(keyOf(op.key), op.value === null ? undefined : valueHash(op.value))
  else for (const key of Array.from(model.keys()).sort().slice(b.keep)) changes.set(key, undefined)
  return changes
}

const applied = (model: ReadonlyMap<string, ObjectHash>, changes: ReadonlyMap<string, ObjectHash | undefined>) => {
  const next = new Map(model)
  for (const [key, value] of changes) value === undefined ? next.delete(key) : next.set(key, value)
  return next
}

/** A permutation of `items` from a seed (a small LCG: the order only needs to vary). */
const shuffled = <A>(items: ReadonlyArray<A>, seed: number): Array<A> => {
  const out = [...items]
  let state = seed >>> 0
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    const j = state % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

const sorted = (map: ReadonlyMap<string, ObjectHash>) => Array.from(map).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))

const storages = [
  { name: "memory", layer: MemoryStorage.layer, numRuns: 50 },
  { name: "SQLite", layer: sqliteTestStorage, numRuns: 4 }
] as const

describe.each(storages)("PersistentMaps against a plain Map model ($name store)", ({ layer, numRuns }) => {
  it.effect.prop(
    "entries, get, getMany, size and diff agree with the model; roots are equal iff contents are",
    [fc.array(batch, { minLength: 1, maxLength: 8 }), fc.integer()],
    ([batches, seed]) =>
      Effect.gen(function* () {
        const maps = yield* freshMaps
        yield* store([EMPTY_MAP_NODE])
        const states: Array<{ root: ObjectHash; model: ReadonlyMap<string, ObjectHash> }> = [{ root: EMPTY_MAP_ROOT, model: new Map() }]

        for (const b of batches) {
          const previous = states[states.length - 1]!
          const changes = changesOf(b, previous.model)
          const { root, written } = yield* maps.update(previous.root, changes)
          yield* store(written)
          const model = applied(previous.model, changes)
          if (root === previous.root) expect(written).toEqual([])

          // A reader with an empty cache: everything it needs was stored from `written`.
          const reader = yield* freshMaps
          expect(sorted(yield* reader.entries(root))).toEqual(sorted(model))
          expect(Array.from((yield* reader.entries(root)).keys())).toEqual(sorted(model).map(([key]) => key))
          expect(yield* reader.size(root)).toBe(model.size)
          const asked = Array.from({ length: POOL }, (_, n) => keyOf(n)).filter((_, n) => n % 3 !== seed % 3)
          const got = yield* reader.getMany(root, asked)
          expect(sorted(got)).toEqual(sorted(model).filter(([key]) => asked.includes(key)))
          for (const key of [keyOf(0), keyOf(1), keyOf(2 + (Math.abs(seed) % (POOL - 2)))]) {
            expect(yield* reader.get(root, key)).toBe(model.get(key))
          }
          const trie = yield* checkCanonical(root)
          expect(trie.size).toBe(model.size)
          expect(yield* reader.diff(previous.root, root)).toEqual(modelDiff(previous.model, model))
          expect(yield* reader.diff(root, previous.root)).toEqual(modelDiff(model, previous.model))
          // Only nodes of the new trie are written, none of them twice.
          expect(new Set(written.map((o) => o.hash)).size).toBe(written.length)
          expect(written.every((o) => o.kind === "node" && trie.nodes.has(o.hash))).toBe(true)
          states.push({ root, model })
        }

        for (const a of states) {
          for (const b of states) expect(a.root === b.root).toBe(sameEntries(a.model, b.model))
        }
        const first = states[0]!
        const last = states[states.length - 1]!
        expect(yield* maps.diff(first.root, last.root)).toEqual(modelDiff(first.model, last.model))
        expect(yield* maps.diff(last.root, last.root)).toEqual([])

        // The same content reached in other orders: one batch, one key at a time, or via a superset.
        const all = sorted(last.model)
        const oneBatch = yield* maps.update(EMPTY_MAP_ROOT, new Map(all))
        expect(oneBatch.root).toBe(last.root)
        let oneByOne = EMPTY_MAP_ROOT
        for (const [key, value] of shuffled(all, seed)) {
          const step = yield* maps.update(oneByOne, new Map([[key, value]]))
          yield* store(step.written)
          oneByOne = step.root
        }
        expect(oneByOne).toBe(last.root)
        const superset = yield* maps.update(EMPTY_MAP_ROOT, new Map(Array.from({ length: POOL }, (_, n) => [keyOf(n), valueHash(7)])))
        yield* store(superset.written)
        const trimmed = new Map<string, ObjectHash | undefined>(Array.from({ length: POOL }, (_, n) => [keyOf(n), undefined]))
        for (const [key, value] of all) trimmed.set(key, value)
        expect((yield* maps.update(superset.root, trimmed)).root).toBe(last.root)
      }).pipe(Effect.provide(layer)),
    { fastCheck: { numRuns } }
  )
})

describe("PersistentMaps edge cases", () => {
  it.effect("an empty update, sets to the current value and deletes of absent keys write nothing", () =>
    Effect.gen(function* () {
      const maps = yield* freshMaps
      const built = yield* maps.update(EMPTY_MAP_ROOT, new Map(Array.from({ length: 40 }, (_, n) => [`k${n}`, valueHash(n)])))
      yield* store(built.written)
      expect(built.written.length).toBeGreaterThan(1)
      expect(yield* maps.update(built.root, new Map())).toEqual({ root: built.root, written: [] })
      const same = new Map<string, ObjectHash | undefined>([
        ["k3", valueHash(3)],
        ["absent", undefined]
      ])
      expect(yield* maps.update(built.root, same)).toEqual({ root: built.root, written: [] })
    }).pipe(Effect.provide(MemoryStorage.layer))
  )

  it.effect("deleting every key gives the empty root and writes the empty node", () =>
    Effect.gen(function* () {
      const maps = yield* freshMaps
      const built = yield* maps.update(EMPTY_MAP_ROOT, new Map(Array.from({ length: 30 }, (_, n) => [`k${n}`, valueHash(n)])))
      yield* store(built.written)
      const emptied = yield* maps.update(built.root, new Map(Array.from({ length: 30 }, (_, n) => [`k${n}`, undefined])))
      expect(emptied).toEqual({ root: EMPTY_MAP_ROOT, written: [EMPTY_MAP_NODE] })
      expect(yield* maps.size(EMPTY_MAP_ROOT)).toBe(0)
      expect(yield* maps.entries(EMPTY_MAP_ROOT)).toEqual(new Map())
    }).pipe(Effect.provide(MemoryStorage.layer))
  )

  it.effect("reading a root that was never stored is a defect naming the node", () =>
    Effect.gen(function* () {
      const maps = yield* freshMaps
      const cause = yield* Effect.sandbox(maps.get("f".repeat(64), "k")).pipe(Effect.flip)
      expect(Cause.isDie(cause)).toBe(true)
      expect(Cause.pretty(cause)).toContain(`node ${"f".repeat(64)} is not in the object store`)
    }).pipe(Effect.provide(MemoryStorage.layer))
  )
})
