import { describe, expect, it } from "@effect/vitest"
import { findRefCycle, OPENAPI_SLUG_PATTERN } from "@quire/core"
import { FastCheck as fc } from "effect"

/**
 * Schemas `S0..Sn-1`, each either a pure alias (`{$ref: Sj}`, in this file or in a second one)
 * or a value that may refer to any schema *inside* it (a recursive schema). A cycle is a chain of
 * aliases that comes back to itself: the model follows each alias chain over the plain graph.
 */
const graph = fc.integer({ min: 1, max: 7 }).chain((n) =>
  fc.array(
    fc.record({
      alias: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }),
      inside: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }),
      /** Whether the schema lives in the second file. */
      external: fc.boolean()
    }),
    { minLength: n, maxLength: n }
  )
)

type Graph = ReadonlyArray<{ alias: number | undefined; inside: number | undefined; external: boolean }>

const FILE = "./schemas.json"

/** How schema `j` is referred to from a schema in the entry (`external` false) or the second file. */
const refTo = (g: Graph, j: number, fromExternal: boolean) => {
  const pointer = g[j]!.external ? `#/S${j}` : `#/components/schemas/S${j}`
  if (g[j]!.external === fromExternal) return pointer
  return g[j]!.external ? `${FILE}${pointer}` : `openapi.json${pointer}`
}

const filesOf = (g: Graph) => {
  const schemaOf = (i: number) => {
    const node = g[i]!
    if (node.alias !== undefined) return { $ref: refTo(g, node.alias, node.external) }
    return node.inside === undefined
      ? { type: "string" }
      : { type: "object", properties: { child: { $ref: refTo(g, node.inside, node.external) } } }
  }
  const entry: Record<string, unknown> = {}
  const second: Record<string, unknown> = {}
  g.forEach((node, i) => {
    if (node.external) second[`S${i}`] = schemaOf(i)
    else entry[`S${i}`] = schemaOf(i)
  })
  return { "openapi.json": { openapi: "3.1.0", components: { schemas: entry } }, [FILE]: second }
}

const hasAliasCycle = (g: Graph) =>
  g.some((_, start) => {
    const seen = new Set<number>()
    let at: number | undefined = start
    while (at !== undefined) {
      if (seen.has(at)) return true
      seen.add(at)
      at = g[at]!.alias
    }
    return false
  })

describe("a $ref cycle", () => {
  it.prop("is found exactly when a chain of aliases comes back to itself, across files too", [graph], ([g]) => {
    const cycle = findRefCycle(filesOf(g))
    expect(cycle !== undefined).toBe(hasAliasCycle(g))
    if (cycle !== undefined) expect(cycle[0]).toBe(cycle[cycle.length - 1])
  })

  it("a schema that refers to itself inside a value is no cycle; one that is only its own alias is", () => {
    const recursive = { "openapi.json": { components: { schemas: { Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } } } } } }
    expect(findRefCycle(recursive)).toBeUndefined()
    const alias = { "openapi.json": { components: { schemas: { Node: { $ref: "#/components/schemas/Node" } } } } }
    expect(findRefCycle(alias)).toEqual(["openapi.json#/components/schemas/Node", "openapi.json#/components/schemas/Node"])
  })
})

describe("a spec's slug", () => {
  it.prop("is lowercase words of letters and digits joined by single hyphens", [fc.string({ unit: fc.constantFrom(..."ab9-A_ "), maxLength: 12 })], ([text]) => {
    const words = text.split("-")
    const expected = text !== "" && words.every((word) => /^[a-z0-9]+$/.test(word))
    expect(OPENAPI_SLUG_PATTERN.test(text)).toBe(expected)
  })
})
