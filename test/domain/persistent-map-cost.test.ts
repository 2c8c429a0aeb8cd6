import { describe, expect, it } from "@effect/vitest"
import { MemoryStorage } from "@quire/storage-memory"
import { ObjectStore, type ObjectHash } from "@quire/core"
import { Effect } from "effect"
import { makePersistentMaps } from "../../packages/core/src/content/store/index.js"
import { checkCanonical, countingStore, EMPTY_MAP_ROOT, store, valueHash } from "./persistent-map-model.js"

const SIZE = 10_000
const keyOf = (n: number) => `page${n.toString(36).padStart(16, "0")}`

describe("PersistentMaps cost: work grows with the change, not with the map", () => {
  it.effect(`in a ${SIZE}-entry map, an update writes and loads only its path and diff walks only the difference`, () =>
    Effect.gen(function* () {
      const counting = countingStore(yield* ObjectStore)
      const built = yield* makePersistentMaps(counting.store).update(
        EMPTY_MAP_ROOT,
        new Map(Array.from({ length: SIZE }, (_, n) => [keyOf(n), valueHash(n)]))
      )
      yield* store(built.written)
      const { depth, nodes, size } = yield* checkCanonical(built.root)
      expect(size).toBe(SIZE)
      expect(built.written.length).toBe(nodes.size)
      expect(depth).toBeLessThanOrEqual(5)

      // Each measurement on an instance with an empty cache: every node it needs comes from the store.
      const measure = <A>(f: (maps: ReturnType<typeof makePersistentMaps>) => Effect.Effect<A>) =>
        Effect.gen(function* () {
          counting.reset()
          const result = yield* f(makePersistentMaps(counting.store))
          return { result, calls: counting.counts.getManyCalls, loaded: counting.counts.objectsRead }
        })

      const edits: Array<readonly [string, ReadonlyMap<string, ObjectHash | undefined>]> = [
        ["edit one key", new Map([[keyOf(4242), valueHash(SIZE + 1)]])],
        ["add one key", new Map([[keyOf(SIZE + 7), valueHash(1)]])],
        ["delete one key", new Map([[keyOf(17), undefined]])]
      ]
      const figures: Record<string, unknown> = { depth, nodes: nodes.size }
      for (const [name, changes] of edits) {
        const update = yield* measure((maps) => maps.update(built.root, changes))
        expect(update.result.written.length).toBeGreaterThanOrEqual(1)
        expect(update.result.written.length).toBeLessThanOrEqual(6)
        expect(update.loaded).toBeLessThanOrEqual(depth)
        expect(update.calls).toBeLessThanOrEqual(depth)
        yield* store(update.result.written)

        const diff = yield* measure((maps) => maps.diff(built.root, update.result.root))
        expect(diff.result.map((change) => change.key)).toEqual(Array.from(changes.keys()))
        // Both paths, once each: nothing off the changed key's path.
        expect(diff.loaded).toBeLessThanOrEqual(2 * depth)
        expect(diff.calls).toBeLessThanOrEqual(depth)
        const bytes = update.result.written.reduce((sum, o) => sum + Buffer.byteLength(o.body, "utf8"), 0)
        expect(bytes).toBeLessThan(8_000)
        figures[name] = { written: update.result.written.length, bytes, updateLoads: update.loaded, diffLoads: diff.loaded }
      }

      const fifty = Array.from({ length: 50 }, (_, i) => keyOf(i * 199))
      const getMany = yield* measure((maps) => maps.getMany(built.root, fifty))
      expect(getMany.result.size).toBe(50)
      expect(getMany.calls).toBeLessThanOrEqual(depth)
      const sized = yield* measure((maps) => maps.size(built.root))
      expect(sized).toMatchObject({ result: SIZE, loaded: 1 })
      const batch = yield* measure((maps) => maps.update(built.root, new Map(fifty.map((key) => [key, valueHash(3)]))))
      expect(batch.calls).toBeLessThanOrEqual(depth)
      expect(batch.result.written.length).toBeLessThanOrEqual(50 * depth)
      figures["getMany of 50"] = { calls: getMany.calls, loaded: getMany.loaded }
      figures["update of 50"] = { calls: batch.calls, loaded: batch.loaded, written: batch.result.written.length }
      console.log("persistent map figures", JSON.stringify(figures))
    }).pipe(Effect.provide(MemoryStorage.layer))
  )

  it.effect("in a 10-entry map an update writes one node", () =>
    Effect.gen(function* () {
      const counting = countingStore(yield* ObjectStore)
      const maps = makePersistentMaps(counting.store)
      const built = yield* maps.update(EMPTY_MAP_ROOT, new Map(Array.from({ length: 10 }, (_, n) => [keyOf(n), valueHash(n)])))
      yield* store(built.written)
      const edited = yield* makePersistentMaps(counting.store).update(built.root, new Map([[keyOf(3), valueHash(99)]]))
      expect(edited.written.length).toBe(1)
    }).pipe(Effect.provide(MemoryStorage.layer))
  )
})
