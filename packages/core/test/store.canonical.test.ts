import { createHash } from "node:crypto"
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { canonicalJson, canonicalObject, decodeObject, EMPTY_MAP_NODE, EMPTY_MAP_ROOT } from "../src/content/store/index.js"

/** JSON values without undefined or non-finite numbers: what canonicalJson accepts. */
const json = fc.jsonValue({ maxDepth: 4 })

/** The same value with every object's keys inserted in reverse order. */
const reversedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversedKeys)
  if (value === null || typeof value !== "object") return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).reverse()) {
    // defineProperty: a "__proto__" key stays a plain property.
    Object.defineProperty(out, key, { value: reversedKeys((value as Record<string, unknown>)[key]), enumerable: true })
  }
  return out
}

describe("canonicalJson", () => {
  it("sorts keys at every depth, keeps array order, writes no whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, { z: true, y: null }], c: "x y" } })).toBe(
      '{"a":{"c":"x y","d":[3,1,{"y":null,"z":true}]},"b":1}'
    )
  })

  it("drops undefined properties", () => {
    expect(canonicalJson({ a: undefined, b: { c: undefined }, d: 1 })).toBe('{"b":{},"d":1}')
  })

  it("orders keys by code unit, uppercase before lowercase and the empty key first", () => {
    expect(canonicalJson({ b: 1, B: 2, "": 3, a10: 4, a9: 5 })).toBe('{"":3,"B":2,"a10":4,"a9":5,"b":1}')
  })

  it("rejects what JSON cannot state faithfully", () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/non-finite number at \$\.n/)
    expect(() => canonicalJson([1, Number.POSITIVE_INFINITY])).toThrow(/non-finite/)
    expect(() => canonicalJson({ a: [undefined] })).toThrow(/undefined array item at \$\.a\[0\]/)
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/)
    expect(() => canonicalJson(BigInt(1))).toThrow(/bigint/)
  })

  it("writes -0 as 0, like JSON.stringify", () => {
    expect(canonicalJson({ z: -0 })).toBe('{"z":0}')
  })

  it("encodes dates through their JSON form", () => {
    expect(canonicalJson({ at: new Date("2024-01-02T03:04:05.000Z") })).toBe('{"at":"2024-01-02T03:04:05.000Z"}')
  })

  it.prop("parses back to the same value, whatever the key order it was built in", [json], ([value]) => {
    const text = canonicalJson(value)
    // JSON has one zero: -0 is written 0, as JSON.stringify does.
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)))
    expect(canonicalJson(reversedKeys(value))).toBe(text)
    expect(canonicalJson(JSON.parse(text))).toBe(text)
  }, { fastCheck: { numRuns: 100 } })

  it.prop("equal texts exactly for equal values", [json, json], ([a, b]) => {
    // Through JSON first, so that -0 and 0 (one JSON number) compare equal.
    const equal = sameValue(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)))
    expect(canonicalJson(a) === canonicalJson(b)).toBe(equal)
  }, { fastCheck: { numRuns: 100 } })
})

/** Deep equality, ignoring the order of object keys. */
const sameValue = (a: unknown, b: unknown): boolean => {
  try {
    expect(a).toEqual(b)
    return true
  } catch {
    return false
  }
}

describe("canonicalObject", () => {
  it("names the canonical body by the sha256 of its UTF-8 bytes", () => {
    const object = canonicalObject("document", { markdown: "héllo ✓" })
    expect(object.kind).toBe("document")
    expect(object.body).toBe('{"markdown":"héllo ✓"}')
    expect(object.hash).toBe(createHash("sha256").update(Buffer.from(object.body, "utf8")).digest("hex"))
    expect(object.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it("gives equal content the same hash and different content another", () => {
    const a = canonicalObject("page", { title: "A", hidden: false, emoji: undefined })
    const b = canonicalObject("page", { hidden: false, title: "A" })
    const c = canonicalObject("page", { hidden: true, title: "A" })
    expect(a.hash).toBe(b.hash)
    expect(c.hash).not.toBe(a.hash)
  })

  it("decodes back to the value", () => {
    const value = { id: "p1", children: ["b", "a"], parent: null }
    expect(decodeObject<typeof value>(canonicalObject("page", value))).toEqual(value)
  })

  it("the empty map is the node {\"e\":[]}", () => {
    expect(EMPTY_MAP_NODE).toEqual({
      kind: "node",
      body: '{"e":[]}',
      hash: createHash("sha256").update('{"e":[]}').digest("hex")
    })
    expect(EMPTY_MAP_ROOT).toBe(EMPTY_MAP_NODE.hash)
  })
})
