import { describe, expect, it } from "@effect/vitest"
import { MemoryStorage } from "@quire/storage-memory"
import type { ObjectHash } from "@quire/core"
import { Effect } from "effect"
import { sqliteTestStorage } from "../support/sqlite.js"
import { checkCanonical, EMPTY_MAP_NODE, EMPTY_MAP_ROOT, freshMaps, modelDiff, store, valueHash } from "./persistent-map-model.js"

const keyOf = (n: number) => `key-${n}`

/** Builds 600 entries, edits, adds and deletes some, shrinks to 10; returns the roots and what reads gave. */
const scenario = Effect.gen(function* () {
  const maps = yield* freshMaps
  yield* store([EMPTY_MAP_NODE])
  const first = new Map(Array.from({ length: 600 }, (_, n) => [keyOf(n), valueHash(n)]))
  const a = yield* maps.update(EMPTY_MAP_ROOT, first)
  yield* store(a.written)
  const changes = new Map<string, ObjectHash | undefined>([
    [keyOf(5), valueHash(1000)],
    [keyOf(600), valueHash(600)],
    [keyOf(7), undefined]
  ])
  const b = yield* maps.update(a.root, changes)
  yield* store(b.written)
  const shrink = new Map<string, ObjectHash | undefined>(Array.from({ length: 601 }, (_, n) => [keyOf(n), n < 10 ? valueHash(n) : undefined]))
  const c = yield* maps.update(b.root, shrink)
  yield* store(c.written)

  const reader = yield* freshMaps
  return {
    roots: [a.root, b.root, c.root],
    diff: yield* reader.diff(a.root, b.root),
    shrunk: Array.from(yield* reader.entries(c.root)),
    sizes: [yield* reader.size(a.root), yield* reader.size(b.root), yield* reader.size(c.root)],
    got: yield* reader.getMany(b.root, [keyOf(5), keyOf(7), keyOf(600)]),
    canonical: (yield* checkCanonical(b.root)).size
  }
})

describe("PersistentMaps on SQLite", () => {
  it.effect("gives the same roots and reads as in memory", () =>
    Effect.gen(function* () {
      const onSqlite = yield* Effect.provide(scenario, sqliteTestStorage)
      const inMemory = yield* Effect.provide(scenario, MemoryStorage.layer)
      expect(onSqlite.roots).toEqual(inMemory.roots)
      expect(onSqlite).toEqual(inMemory)
      expect(onSqlite.diff).toEqual(
        modelDiff(
          new Map([
            [keyOf(5), valueHash(5)],
            [keyOf(7), valueHash(7)]
          ]),
          new Map([
            [keyOf(5), valueHash(1000)],
            [keyOf(600), valueHash(600)]
          ])
        )
      )
      expect(onSqlite.shrunk).toEqual(Array.from({ length: 10 }, (_, n) => [keyOf(n), valueHash(n)]).sort())
      expect(onSqlite.sizes).toEqual([600, 600, 10])
      expect(Array.from(onSqlite.got)).toEqual([
        [keyOf(5), valueHash(1000)],
        [keyOf(600), valueHash(600)]
      ])
      expect(onSqlite.canonical).toBe(600)
    })
  )
})
