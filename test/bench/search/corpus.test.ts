import { describe, expect, it } from "@effect/vitest"
import { barFor } from "./bars.js"
import { generateCorpus, PLANTED, rawSections } from "./corpus.js"

const small = { spaces: 3, pagesPerSpace: 100, seed: 7 }

describe("the search bench's corpus", () => {
  it("is the same for the same seed, and differs for another", () => {
    const a = generateCorpus(small)
    expect(generateCorpus(small)).toEqual(a)
    expect(generateCorpus({ ...small, seed: 8 }).spaces[0]!.pages[0]!.markdown).not.toBe(a.spaces[0]!.pages[0]!.markdown)
  })

  it("plants the rare word in 3 pages, the focus space holding one of them", () => {
    const corpus = generateCorpus(small)
    const pages = corpus.spaces.flatMap((space) => space.pages.map((page) => ({ space: space.index, page })))
    const rare = pages.filter(({ page }) => page.markdown.includes(PLANTED.rare))
    expect(rare).toHaveLength(3)
    expect(rare.map(({ space }) => space)).toContain(corpus.focusSpace)
  })

  it("gives every page a lead and 2 to 4 sections, which the raw engines index one row each", () => {
    const corpus = generateCorpus(small)
    for (const page of corpus.spaces[0]!.pages) {
      const headings = page.markdown.match(/^## /gm) ?? []
      expect(headings.length).toBeGreaterThanOrEqual(2)
      expect(headings.length).toBeLessThanOrEqual(4)
    }
    const sections = [...rawSections(corpus)]
    const expected = corpus.spaces.flatMap((s) => s.pages).reduce((n, page) => n + 1 + (page.markdown.match(/^## /gm) ?? []).length, 0)
    expect(sections).toHaveLength(expected)
    expect(new Set(corpus.spaces[0]!.pages.map((page) => page.slug)).size).toBe(small.pagesPerSpace)
  })
})

describe("the search bars", () => {
  const classes = generateCorpus({ spaces: 1, pagesPerSpace: 10 }).classes
  const named = (name: string) => classes.find((c) => c.name === name)!

  it("allows 2 × raw + 1 ms (p50) and 2 × raw + 2 ms (p99) where raw is fast", () => {
    expect(barFor(named("rare"), "space", { p50Ms: 1, p99Ms: 3 })).toEqual({ p50Ms: 3, p99Ms: 8, rule: "2x" })
  })

  it("asks to beat raw where it is slow: the common word and CJK in either scope, any class across the organization", () => {
    expect(barFor(named("common"), "space", { p50Ms: 56, p99Ms: 63 })).toEqual({ p50Ms: 56, p99Ms: 63, rule: "beat" })
    expect(barFor(named("cjk"), "org", { p50Ms: 30, p99Ms: 40 }).rule).toBe("beat")
    expect(barFor(named("medium"), "org", { p50Ms: 12, p99Ms: 30 })).toEqual({ p50Ms: 12, p99Ms: 30, rule: "beat" })
    expect(barFor(named("medium"), "space", { p50Ms: 12, p99Ms: 30 }).rule).toBe("2x")
  })

  it("keeps the 2 × bar for the common word and CJK where the raw engine is fast (Postgres' GIN in one space)", () => {
    expect(barFor(named("common"), "space", { p50Ms: 2.33, p99Ms: 3.36 }).rule).toBe("2x")
    const cjk = barFor(named("cjk"), "space", { p50Ms: 0.86, p99Ms: 1.29 })
    expect(cjk.rule).toBe("2x")
    expect(cjk.p50Ms).toBeCloseTo(2.72)
    expect(cjk.p99Ms).toBeCloseTo(4.58)
  })
})
