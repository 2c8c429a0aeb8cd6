import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { MAX_LEXEME_BYTES, MAX_POSITION, tsvectorText } from "../../adapters/sql/src/search/tsvector.js"
import { lexeme } from "../../adapters/sql/src/search/tsquery.js"

/**
 * The Postgres adapter writes each section's tsvector as a literal (`tsvectorText`), written for
 * speed. It must say what the plain reading of the rule says: each field's tokens (split on single
 * spaces) numbered in turn with one position skipped between fields, weights A/B/C, positions past
 * 16,383 kept as 16,383 once, at most 256 positions a lexeme, and lexemes past the byte budget left out.
 */
const reference = (terms: { readonly title: string; readonly heading: string; readonly body: string }): string => {
  const positions = new Map<string, Array<string>>()
  let position = 1
  let bytes = 0
  for (const [text, weight] of [
    [terms.title, "A"],
    [terms.heading, "B"],
    [terms.body, "C"]
  ] as const) {
    for (const token of text === "" ? [] : text.split(" ")) {
      const at = `${Math.min(position, MAX_POSITION)}${weight}`
      position++
      const found = positions.get(token)
      if (found !== undefined) {
        if (found.length < 256 && found[found.length - 1] !== at) {
          found.push(at)
          bytes += 2
        }
        continue
      }
      const cost = new TextEncoder().encode(token).length + 5
      if (bytes + cost > MAX_LEXEME_BYTES) continue
      positions.set(token, [at])
      bytes += cost
    }
    position++
  }
  return Array.from(positions, ([token, at]) => `${lexeme(token)}:${at.join(",")}`).join(" ")
}

const token = fc.oneof(
  fc.constantFrom("the", "a", "café", "東京", "it's", "back\\slash", "", "ﬁ", "😀"),
  fc.string({ minLength: 1, maxLength: 6, unit: "grapheme" }).map((text) => text.replaceAll(" ", "_"))
)
const field = fc.array(token, { maxLength: 40 }).map((tokens) => tokens.join(" "))

describe("tsvectorText", () => {
  it("equals the plain reading of the rule for any fields", () => {
    fc.assert(
      fc.property(field, field, field, (title, heading, body) => {
        expect(tsvectorText({ title, heading, body })).toBe(reference({ title, heading, body }))
      }),
      { numRuns: 500 }
    )
  })

  it("at the limits: positions past 16,383, a lexeme of more than 256 positions, more distinct bytes than a tsvector holds", () => {
    const repeated = Array.from({ length: 17_000 }, (_, i) => (i % 3 === 0 ? "same" : `w${i % 7}`)).join(" ")
    expect(tsvectorText({ title: "same", heading: "", body: repeated })).toBe(reference({ title: "same", heading: "", body: repeated }))
    const distinct = Array.from({ length: 60_000 }, (_, i) => `überlanger${i}`).join(" ")
    const written = tsvectorText({ title: "", heading: "h", body: distinct })
    expect(written).toBe(reference({ title: "", heading: "h", body: distinct }))
    expect(written).not.toContain("überlanger59999")
  })
})
