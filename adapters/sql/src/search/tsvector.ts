import type { IndexedSection } from "@quire/core"
import { lexeme } from "./tsquery.js"
import { tokensOf } from "./searchTerms.js"

/**
 * The largest position Postgres keeps in a tsvector: a later one is stored as 16,383. So on
 * Postgres a phrase is matched only within a section's first 16,383 words (title, heading and
 * body together), and Postgres keeps at most 256 positions of one lexeme in a section: a phrase
 * starting at a later occurrence of a word is missed. Words themselves are always matched.
 */
export const MAX_POSITION = 16383

const WEIGHTS = [
  ["title", "A"],
  ["heading", "B"],
  ["body", "C"]
] as const

/**
 * The section's tsvector as a literal (`'tok':1A,7C 'other':2A`): its fields' tokens numbered
 * in order, title (weight A), heading (B), body (C), with one position left out between two
 * fields so that a phrase (`<->`, consecutive positions) never joins the end of one field to
 * the start of the next.
 */
export const tsvectorText = (terms: IndexedSection["terms"]): string => {
  const positions = new Map<string, Array<string>>()
  let position = 1
  for (const [field, weight] of WEIGHTS) {
    for (const token of tokensOf(terms[field])) {
      const at = `${Math.min(position, MAX_POSITION)}${weight}`
      const found = positions.get(token)
      if (found === undefined) positions.set(token, [at])
      else found.push(at)
      position++
    }
    position++
  }
  return Array.from(positions, ([token, at]) => `${lexeme(token)}:${at.join(",")}`).join(" ")
}
