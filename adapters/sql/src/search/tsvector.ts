import type { IndexedSection } from "@quire/core"
import { lexeme } from "./tsquery.js"

/**
 * The largest position Postgres keeps in a tsvector: a later one is stored as 16,383. So on
 * Postgres a phrase is matched only within a section's first 16,383 words (title, heading and
 * body together), and Postgres keeps at most 256 positions of one lexeme in a section: a phrase
 * starting at a later occurrence of a word is missed. Words themselves are always matched.
 */
export const MAX_POSITION = 16383

/** Positions Postgres keeps per lexeme; later ones are dropped. */
const MAX_POSITIONS_PER_LEXEME = 256

/**
 * What a section's lexemes and positions may take, under Postgres' limit on a tsvector's
 * (1,048,575 bytes, past which the INSERT fails): a section of more distinct words than that
 * (tens of thousands of long ones: a dump of hashes) is indexed up to there, and its later
 * new words are not found on Postgres. Each lexeme costs its UTF-8 bytes, one of alignment,
 * two for its count of positions and two per position (`tsvector.h`).
 */
export const MAX_LEXEME_BYTES = 1_000_000

const WEIGHTS = ["A", "B", "C"] as const

/** A token's UTF-8 bytes, counted without encoding it when it is ASCII (most are). */
const utf8Length = (token: string): number => {
  for (let i = 0; i < token.length; i++) if (token.charCodeAt(i) > 0x7f) return Buffer.byteLength(token, "utf8")
  return token.length
}

/**
 * The section's tsvector as a literal (`'tok':1A,7C 'other':2A`): its fields' tokens numbered
 * in order, title (weight A), heading (B), body (C), with one position left out between two
 * fields so that a phrase (`<->`, consecutive positions) never joins the end of one field to
 * the start of the next. Written for speed (an import writes thousands): a position and its
 * weight are kept as one number, `position * 4 + weight`.
 */
export const tsvectorText = (terms: IndexedSection["terms"]): string => {
  const positions = new Map<string, Array<number>>()
  const fields = [terms.title, terms.heading, terms.body]
  let position = 1
  let bytes = 0
  for (let weight = 0; weight < fields.length; weight++) {
    const text = fields[weight]!
    for (let start = 0; text !== "" && start <= text.length; ) {
      const space = text.indexOf(" ", start)
      const end = space < 0 ? text.length : space
      const token = text.slice(start, end)
      start = end + 1
      const at = Math.min(position, MAX_POSITION) * 4 + weight
      position++
      const found = positions.get(token)
      if (found !== undefined) {
        // Positions past the last are all the last: Postgres would keep one of them.
        if (found.length < MAX_POSITIONS_PER_LEXEME && found[found.length - 1] !== at) {
          found.push(at)
          bytes += 2
        }
        continue
      }
      const cost = utf8Length(token) + 5
      if (bytes + cost > MAX_LEXEME_BYTES) continue
      positions.set(token, [at])
      bytes += cost
    }
    position++
  }
  let out = ""
  for (const [token, at] of positions) {
    out += `${out === "" ? "" : " "}${lexeme(token)}:`
    for (let i = 0; i < at.length; i++) out += `${i === 0 ? "" : ","}${at[i]! >> 2}${WEIGHTS[at[i]! & 3]}`
  }
  return out
}
