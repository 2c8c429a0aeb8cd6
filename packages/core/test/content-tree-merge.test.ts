import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { mergeList } from "../src/content/tree/merge/mergeList.js"
import { mergeText } from "../src/content/tree/merge/mergeText.js"
import { pageObject, type PageValue } from "../src/content/tree/objects.js"

describe("mergeText", () => {
  const base = "One.\n\nTwo.\n\nThree.\n"
  it("applies edits to different paragraphs from both sides", () => {
    expect(mergeText(base, "One!\n\nTwo.\n\nThree.\n", "One.\n\nTwo.\n\nThree!\n")).toBe("One!\n\nTwo.\n\nThree!\n")
  })
  it("takes the same edit once and a one-sided edit as is", () => {
    expect(mergeText(base, "One!\n\nTwo.\n\nThree.\n", "One!\n\nTwo.\n\nThree.\n")).toBe("One!\n\nTwo.\n\nThree.\n")
    expect(mergeText(base, base, "Other.\n")).toBe("Other.\n")
  })
  it("gives no result when both sides edit the same paragraph differently", () => {
    expect(mergeText(base, "Ours.\n\nTwo.\n\nThree.\n", "Theirs.\n\nTwo.\n\nThree.\n")).toBeUndefined()
  })
})

describe("mergeList", () => {
  it("keeps insertions from both sides, in an order that does not depend on the side", () => {
    expect(mergeList(["a", "b"], ["a", "b", "x"], ["a", "b", "y"])).toEqual(["a", "b", "x", "y"])
    expect(mergeList(["a", "b"], ["a", "b", "y"], ["a", "b", "x"])).toEqual(["a", "b", "x", "y"])
    expect(mergeList(["a", "b", "c"], ["b", "c"], ["a", "b", "c", "d"])).toEqual(["b", "c", "d"])
  })

  it.prop(
    "is symmetric and holds every id of both sides at most once",
    [fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "f"), { maxLength: 6 }), fc.nat(), fc.nat()],
    ([base, seedOurs, seedTheirs]) => {
      const shuffle = (list: ReadonlyArray<string>, seed: number, extra: string) => {
        const out = list.filter((_, i) => (seed >> i) % 3 !== 0)
        if (seed % 2 === 0) out.reverse()
        out.splice(seed % (out.length + 1), 0, extra)
        return out
      }
      const ours = shuffle(base, seedOurs, "o")
      const theirs = shuffle(base, seedTheirs, "t")
      const merged = mergeList(base, ours, theirs)
      expect(merged).toEqual(mergeList(base, theirs, ours))
      expect(new Set(merged).size).toBe(merged.length)
      expect(merged).toContain("o")
      expect(merged).toContain("t")
    },
    { fastCheck: { numRuns: 40 } }
  )
})

describe("page objects", () => {
  const page: PageValue = {
    id: "p",
    type: "document",
    title: "T",
    slug: "t",
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    document: null,
    parent: null
  }
  it("are named by their content: equal content, equal hash, whatever the key order", () => {
    const reordered = Object.fromEntries(Object.entries(page).reverse()) as unknown as PageValue
    expect(pageObject(reordered).hash).toBe(pageObject(page).hash)
    expect(pageObject({ ...page, title: "U" }).hash).not.toBe(pageObject(page).hash)
    expect(pageObject(page).hash).toMatch(/^[0-9a-f]{64}$/)
  })
})
