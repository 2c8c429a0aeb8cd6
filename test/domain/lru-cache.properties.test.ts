import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { LruCache } from "../../packages/core/src/content/store/LruCache.js"

/**
 * The engine's caches (`LruCache`): bounded by weight, never answering a value other than the
 * last one set, and forgetting an entry that has not been read before one that has.
 */

interface Value {
  readonly key: string
  readonly weight: number
  readonly serial: number
}

type Operation = { readonly op: "set"; readonly key: string; readonly weight: number } | { readonly op: "get"; readonly key: string }

const CAPACITY = 10
const key = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l")
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant("set" as const), key, weight: fc.integer({ min: 1, max: CAPACITY + 1 }) }),
  fc.record({ op: fc.constant("get" as const), key })
)

describe("LruCache", () => {
  it("keeps at most its capacity, answers only the last value set for a key, and always keeps the entry just set", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const cache = new LruCache<string, Value>(CAPACITY, (value) => value.weight)
        const last = new Map<string, Value>()
        const kept = new Map<string, Value>()
        operations.forEach((operation, serial) => {
          if (operation.op === "set") {
            const value = { key: operation.key, weight: operation.weight, serial }
            cache.set(operation.key, value)
            last.set(operation.key, value)
            if (operation.weight <= CAPACITY) expect(cache.get(operation.key)).toBe(value)
            else expect(cache.get(operation.key)).toBeUndefined()
          } else {
            const got = cache.get(operation.key)
            if (got !== undefined) expect(got).toBe(last.get(operation.key))
          }
          for (const [k] of last) {
            const value = cache.get(k)
            if (value === undefined) kept.delete(k)
            else kept.set(k, value)
          }
          expect(cache.weight).toBe([...kept.values()].reduce((sum, value) => sum + value.weight, 0))
          expect(cache.weight).toBeLessThanOrEqual(CAPACITY)
          expect(cache.size).toBe(kept.size)
        })
      }),
      { numRuns: 300 }
    )
  })

  it("forgets an entry not read since it was set before one read since", () => {
    const cache = new LruCache<string, number>(3)
    cache.set("a", 1)
    cache.set("b", 2)
    cache.set("c", 3)
    expect(cache.get("a")).toBe(1)
    cache.set("d", 4)
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.get("d")]).toStrictEqual([1, undefined, 3, 4])
  })

  it("with every entry read, forgets the one that came first, never the one just set", () => {
    const cache = new LruCache<string, number>(2)
    cache.set("a", 1)
    cache.set("b", 2)
    cache.get("a")
    cache.get("b")
    cache.set("c", 3)
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toStrictEqual([undefined, 2, 3])
  })
})
