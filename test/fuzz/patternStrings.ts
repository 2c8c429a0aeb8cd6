import { FastCheck as fc } from "effect"

/** Lookahead groups without nested groups, e.g. `(?=.{1,253}$)`: fast-check cannot generate them. */
const LOOKAHEAD = /\(\?<?[=!][^()]*\)/g

const CANDIDATES = 200

/**
 * Strings matching a JSON Schema `pattern` within the length bounds: drawn from the pattern
 * without its lookaheads, and kept if they match the whole pattern. Drawn once, a bounded
 * number of times (a filter on an arbitrary would spin forever on a pattern it cannot meet).
 */
export const matchingStrings = (pattern: string, minLength: number, maxLength: number, seed: number): fc.Arbitrary<string> => {
  const whole = new RegExp(pattern, "u")
  const fits = (s: string) => whole.test(s) && [...s].length >= minLength && [...s].length <= maxLength
  const generable = new RegExp(pattern.replace(LOOKAHEAD, ""))
  const drawn = [...new Set(fc.sample(fc.stringMatching(generable), { seed, numRuns: CANDIDATES }).filter(fits))]
  const candidates =
    drawn.length > 0
      ? drawn
      : [minLength, Math.min(maxLength, Math.max(minLength, 8))]
          .map((length) => filledString(pattern, length))
          .filter((s): s is string => s !== undefined && fits(s))
  if (candidates.length === 0) throw new Error(`no string of ${minLength}..${maxLength} characters matches ${pattern}`)
  return fc.constantFrom(...candidates)
}

/** `length` characters that match `pattern` (if given), when a plain filler does. */
export const filledString = (pattern: string | undefined, length: number): string | undefined => {
  const candidates = ["a", "0", "x"].map((filler) => filler.repeat(length))
  if (length >= 5) candidates.push(`${"a".repeat(length - 4)}.com`)
  return candidates.find((candidate) => pattern === undefined || new RegExp(pattern, "u").test(candidate))
}
