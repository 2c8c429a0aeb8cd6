import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { LruCache } from "../src/content/store/LruCache.js"
import {
  buildSubtree,
  decodeNode,
  digitAt,
  keyPath,
  LEAF_CAPACITY,
  type MapEntry,
  type NewNodes,
  nodeObject,
  reachableNodes
} from "../src/content/store/mapNode.js"

const entry = (n: number): MapEntry => [`key${n}`, n.toString(16).padStart(64, "0")]
const entries = (count: number): Array<MapEntry> =>
  Array.from({ length: count }, (_, n) => entry(n)).sort((a, b) => (a[0] < b[0] ? -1 : 1))

describe("LruCache", () => {
  it("forgets the least recently used entry first", () => {
    const cache = new LruCache<string, number>(2)
    cache.set("a", 1)
    cache.set("b", 2)
    expect(cache.get("a")).toBe(1)
    cache.set("c", 3)
    expect(cache.get("b")).toBeUndefined()
    expect(cache.get("a")).toBe(1)
    expect(cache.get("c")).toBe(3)
    expect(cache.size).toBe(2)
  })

  it("with weights, keeps at most its capacity in weight: the latest values of the most recently written keys", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 60 }), (writes) => {
        const cache = new LruCache<number, string>(20, (value) => value.length)
        const latest = new Map<number, string>()
        for (const [key, value] of writes) {
          cache.set(key, value)
          latest.delete(key)
          latest.set(key, value)
        }
        const newestFirst = [...latest].reverse()
        const kept = newestFirst.filter(([key]) => cache.get(key) !== undefined)
        // What is kept is the newest keys with nothing newer forgotten, at their latest values.
        expect(kept).toEqual(newestFirst.slice(0, kept.length))
        const weight = kept.reduce((sum, [, value]) => sum + value.length, 0)
        expect(cache.weight).toBe(weight)
        expect(cache.size).toBe(kept.length)
        expect(weight).toBeLessThanOrEqual(20)
        // The last write always fits (at most 12 of 20).
        expect(kept.length).toBeGreaterThan(0)
      })
    )
  })

  it("does not keep an entry heavier than its capacity, nor let it evict the others", () => {
    const cache = new LruCache<string, string>(4, (value) => value.length)
    cache.set("a", "aa")
    cache.set("big", "bbbbb")
    expect(cache.get("big")).toBeUndefined()
    expect(cache.get("a")).toBe("aa")
    expect(cache.weight).toBe(2)
  })
})

describe("map nodes", () => {
  it("a leaf and a branch read back as they were written", () => {
    const leaf = { _tag: "Leaf" as const, entries: entries(3) }
    expect(nodeObject(leaf).body).toBe(`{"e":[${leaf.entries.map(([k, v]) => `["${k}","${v}"]`).join(",")}]}`)
    expect(decodeNode(nodeObject(leaf).body)).toEqual(leaf)
    const branch = {
      _tag: "Branch" as const,
      slots: [
        { digit: 0, hash: "a".repeat(64), count: 9 },
        { digit: 15, hash: "b".repeat(64), count: 12 }
      ],
      count: 21
    }
    expect(nodeObject(branch).body).toBe(`{"e":[[0,"${"a".repeat(64)}",9],[15,"${"b".repeat(64)}",12]]}`)
    expect(decodeNode(nodeObject(branch).body)).toEqual(branch)
    expect(nodeObject(branch).kind).toBe("node")
  })

  it(`a subtree of ${LEAF_CAPACITY} entries is one leaf; one more makes a branch of leaves`, () => {
    const small: NewNodes = new Map()
    const leaf = buildSubtree(entries(LEAF_CAPACITY), 0, small)
    expect(leaf.node._tag).toBe("Leaf")
    expect(small.size).toBe(1)

    const made: NewNodes = new Map()
    const branch = buildSubtree(entries(LEAF_CAPACITY + 1), 0, made)
    expect(branch.node._tag).toBe("Branch")
    expect(branch.count).toBe(LEAF_CAPACITY + 1)
    if (branch.node._tag !== "Branch") return
    for (const slot of branch.node.slots) {
      const child = made.get(slot.hash)!.node
      expect(child._tag).toBe("Leaf")
      if (child._tag === "Leaf") {
        expect(child.entries.length).toBe(slot.count)
        for (const [key] of child.entries) expect(digitAt(keyPath(key), 0)).toBe(slot.digit)
      }
    }
    expect(reachableNodes(branch.hash, made).length).toBe(made.size)
  })

  it.prop(
    "the shape depends on the entries only: equal sets give equal hashes, different sets different ones",
    [fc.uniqueArray(fc.nat({ max: 400 }), { maxLength: 120 }), fc.uniqueArray(fc.nat({ max: 400 }), { maxLength: 120 })],
    ([a, b]) => {
      const build = (ns: ReadonlyArray<number>) =>
        ns.length === 0 ? undefined : buildSubtree(ns.map(entry).sort((x, y) => (x[0] < y[0] ? -1 : 1)), 0, new Map()).hash
      expect(build([...a].reverse())).toBe(build(a))
      expect(build(a) === build(b)).toBe(new Set(a).size === new Set(b).size && a.every((n) => b.includes(n)))
    },
    { fastCheck: { numRuns: 50 } }
  )
})
