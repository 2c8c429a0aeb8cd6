/**
 * Conditions of adaptive content: what parses and how it evaluates, the claims a condition
 * reads, and the refusals (each an `InvalidInput` naming the field), hostile input included.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { InvalidInput } from "../../packages/core/src/shared/errors.js"
import {
  type AdaptiveClaims,
  checkCondition,
  claimsOf,
  evaluateCondition,
  MAX_SITE_CONDITION_LENGTH,
  parseCondition,
  type VisitorClaims
} from "../../packages/core/src/sites/adaptive/index.js"

const FIELD = "sections.intro.condition"
const visitor = (signed: Record<string, unknown>, unsigned: Record<string, unknown> = {}): VisitorClaims => ({ signed, unsigned })
const evaluate = (source: string, claims: VisitorClaims) => Effect.map(parseCondition(source, FIELD), (c) => evaluateCondition(c, claims))

/** The message of the `InvalidInput` parsing `source` fails with, after checking its field. */
const refused = (effect: Effect.Effect<unknown, InvalidInput>) =>
  Effect.map(Effect.flip(effect), (e) => {
    expect(e).toBeInstanceOf(InvalidInput)
    expect(e.field).toBe(FIELD)
    return e.message
  })
const refusedParse = (source: string, message: RegExp) => Effect.map(refused(parseCondition(source, FIELD)), (m) => expect(m).toMatch(message))

describe("parseCondition and evaluateCondition", () => {
  it.effect("GitBook's examples", () =>
    Effect.gen(function* () {
      expect(yield* evaluate("visitor.claims.isBeta", visitor({ isBeta: true }))).toBe(true)
      expect(yield* evaluate("visitor.claims.isBeta", visitor({ isBeta: false }))).toBe(false)
      const optIn = "visitor.claims.unsigned.betaOptIn && !visitor.claims.isEmployee"
      expect(yield* evaluate(optIn, visitor({}, { betaOptIn: true }))).toBe(true)
      expect(yield* evaluate(optIn, visitor({ isEmployee: true }, { betaOptIn: true }))).toBe(false)
      expect(yield* evaluate(optIn, visitor({ betaOptIn: true }))).toBe(false) // a signed claim is not the unsigned one
      const either = "(visitor.claims.a || visitor.claims.b) == true"
      expect(yield* evaluate(either, visitor({ b: true }))).toBe(true)
      expect(yield* evaluate(either, visitor({}))).toBe(false)
    })
  )

  it.effect("only the boolean true is true: absent, false, 'true', 1, {} and inherited names read false", () =>
    Effect.gen(function* () {
      for (const value of [false, "true", 1, {}, [true], null, undefined])
        expect(yield* evaluate("visitor.claims.x", visitor({ x: value }))).toBe(false)
      expect(yield* evaluate("visitor.claims.x", visitor({}))).toBe(false)
      expect(yield* evaluate("visitor.claims.constructor", visitor({}))).toBe(false)
      expect(yield* evaluate("visitor.claims.toString == false", visitor({}))).toBe(true)
      expect(yield* evaluate("visitor.claims.__proto__", visitor({}))).toBe(false)
    })
  )

  it.effect("literals, negation and the equality operators compare booleans", () =>
    Effect.gen(function* () {
      const v = visitor({ a: true, b: false })
      expect(yield* evaluate("true", v)).toBe(true)
      expect(yield* evaluate("!true", v)).toBe(false)
      expect(yield* evaluate("!!visitor.claims.a", v)).toBe(true)
      expect(yield* evaluate("visitor.claims.a == visitor.claims.b", v)).toBe(false)
      expect(yield* evaluate("visitor.claims.a != visitor.claims.b", v)).toBe(true)
      expect(yield* evaluate("visitor.claims.a === true", v)).toBe(true)
      expect(yield* evaluate("visitor.claims.b !== false", v)).toBe(false)
      expect(yield* evaluate("visitor.claims.missing == false", v)).toBe(true)
    })
  )

  it.effect("precedence is JavaScript's: ! before ==, == before &&, && before ||", () =>
    Effect.gen(function* () {
      const v = visitor({ a: true, b: false, c: true })
      expect(yield* evaluate("visitor.claims.a || visitor.claims.b && visitor.claims.b", v)).toBe(true)
      expect(yield* evaluate("(visitor.claims.a || visitor.claims.b) && visitor.claims.b", v)).toBe(false)
      expect(yield* evaluate("!visitor.claims.a == visitor.claims.b", v)).toBe(true)
      expect(yield* evaluate("visitor.claims.b == visitor.claims.b && visitor.claims.c", v)).toBe(true)
    })
  )

  it.effect("whitespace, and the longest allowed source", () =>
    Effect.gen(function* () {
      expect(yield* evaluate("  \n visitor . claims . a\t&&true ", visitor({ a: true }))).toBe(true)
      const longest = "true" + " ".repeat(MAX_SITE_CONDITION_LENGTH - 4)
      expect(yield* evaluate(longest, visitor({}))).toBe(true)
    })
  )
})

describe("claimsOf and checkCondition", () => {
  const schema: AdaptiveClaims = { signed: ["isBeta", "isEmployee"], unsigned: ["optIn"] }

  it.effect("claimsOf answers the claims read, sorted, once each", () =>
    Effect.gen(function* () {
      const c = yield* parseCondition(
        "visitor.claims.z && visitor.claims.unsigned.y || !visitor.claims.a && visitor.claims.z == visitor.claims.unsigned.b",
        FIELD
      )
      expect(claimsOf(c)).toEqual({ signed: ["a", "z"], unsigned: ["b", "y"] })
      expect(claimsOf(yield* parseCondition("true", FIELD))).toEqual({ signed: [], unsigned: [] })
    })
  )

  it.effect("checkCondition accepts declared claims", () =>
    Effect.gen(function* () {
      const c = yield* checkCondition("visitor.claims.isBeta && visitor.claims.unsigned.optIn", FIELD, schema)
      expect(evaluateCondition(c, visitor({ isBeta: true }, { optIn: true }))).toBe(true)
    })
  )

  it.effect("checkCondition refuses a claim the schema does not declare, naming it", () =>
    Effect.gen(function* () {
      expect(yield* refused(checkCondition("visitor.claims.isBeta && visitor.claims.plan", FIELD, schema))).toMatch(
        /"visitor\.claims\.plan" is not declared/
      )
      // declared unsigned, read signed; and the reverse
      expect(yield* refused(checkCondition("visitor.claims.optIn", FIELD, schema))).toMatch(/"visitor\.claims\.optIn"/)
      expect(yield* refused(checkCondition("visitor.claims.unsigned.isBeta", FIELD, schema))).toMatch(/"visitor\.claims\.unsigned\.isBeta"/)
      expect(yield* refused(checkCondition("visitor.claims.a", FIELD, { signed: [], unsigned: [] }))).toMatch(/not declared/)
    })
  )

  it.effect("checkCondition refuses what parseCondition refuses", () =>
    Effect.gen(function* () {
      expect(yield* refused(checkCondition("f()", FIELD, schema))).toMatch(/calls are not allowed/)
    })
  )
})

describe("parseCondition: refused", () => {
  it.effect("calls", () =>
    Effect.gen(function* () {
      yield* refusedParse("alert(1)", /calls are not allowed/)
      yield* refusedParse("visitor.claims.isBeta.valueOf()", /calls are not allowed/)
      yield* refusedParse("visitor.claims.a && process.exit()", /calls are not allowed/)
    })
  )

  it.effect("strings, numbers, null, arrays, this, ternaries, several expressions", () =>
    Effect.gen(function* () {
      yield* refusedParse('visitor.claims.plan == "pro"', /strings are not allowed/)
      yield* refusedParse("visitor.claims.a == 1", /numbers are not allowed/)
      yield* refusedParse("null", /null is not allowed/)
      yield* refusedParse("[visitor.claims.a]", /arrays are not allowed/)
      yield* refusedParse("this", /"this" is not allowed/)
      yield* refusedParse("this.visitor.claims.a", /"this" is not allowed/)
      yield* refusedParse("visitor.claims.a ? true : false", /conditional operator/)
      yield* refusedParse("visitor.claims.a, visitor.claims.b", /one expression/)
      yield* refusedParse("visitor.claims.a; visitor.claims.b", /one expression/)
      yield* refusedParse("typeof visitor.claims.a", /one expression/)
      yield* refusedParse("()", /an empty expression/)
    })
  )

  it.effect("computed and optional member access", () =>
    Effect.gen(function* () {
      yield* refusedParse('visitor.claims["x"]', /computed member access/)
      yield* refusedParse("visitor[claims].x", /computed member access/)
      yield* refusedParse("visitor.claims?.x", /optional chaining/)
    })
  )

  it.effect("other roots and paths: only visitor.claims.<name> and visitor.claims.unsigned.<name>", () =>
    Effect.gen(function* () {
      yield* refusedParse("isBeta", /the name "isBeta" is not allowed/)
      yield* refusedParse("window.visitor.claims.a", /not a claim/)
      yield* refusedParse("visitor.claims", /not a claim/)
      yield* refusedParse("visitor.claims.unsigned", /use visitor\.claims\.unsigned\.<name>/)
      yield* refusedParse("visitor.claims.a.b", /not a claim/)
      yield* refusedParse("visitor.claims.unsigned.a.b", /not a claim/)
      yield* refusedParse("visitor.user.a", /not a claim/)
      yield* refusedParse("visitor.claims.$a", /not a valid claim name/)
      yield* refusedParse(`visitor.claims.${"a".repeat(65)}`, /not a valid claim name/)
    })
  )

  it.effect("operators other than !, &&, ||, ==, !=, ===, !==", () =>
    Effect.gen(function* () {
      yield* refusedParse("-visitor.claims.a", /the operator "-" is not allowed/)
      yield* refusedParse("~visitor.claims.a", /the operator "~" is not allowed/)
      yield* refusedParse("visitor.claims.a + visitor.claims.b", /the operator "\+" is not allowed/)
      yield* refusedParse("visitor.claims.a < visitor.claims.b", /the operator "<" is not allowed/)
      yield* refusedParse("visitor.claims.a | visitor.claims.b", /the operator "\|" is not allowed/)
      yield* refusedParse("visitor.claims.a ?? visitor.claims.b", /the operator "\?\?" is not allowed/)
    })
  )

  it.effect("syntax errors and assignments (jsep does not parse them)", () =>
    Effect.gen(function* () {
      yield* refusedParse("visitor.claims.a = true", /not a valid expression/)
      yield* refusedParse("visitor.claims.a &&", /not a valid expression/)
      yield* refusedParse("(visitor.claims.a", /not a valid expression/)
      yield* refusedParse("x => x", /not a valid expression/)
      yield* refusedParse("`x`", /not a valid expression/)
    })
  )

  it.effect("empty, blank, and over 1024 characters (checked before parsing)", () =>
    Effect.gen(function* () {
      yield* refusedParse("", /1 to 1024 characters/)
      yield* refusedParse("   ", /must not be empty/)
      yield* refusedParse("true" + " ".repeat(MAX_SITE_CONDITION_LENGTH - 3), /1 to 1024 characters/)
      yield* refusedParse("(".repeat(1_000_000), /1 to 1024 characters/)
    })
  )

  it.effect("deep nesting answers InvalidInput or parses, never overflows the stack", () =>
    Effect.gen(function* () {
      const hostile = [
        "(".repeat(1024),
        "(".repeat(510) + "true" + ")".repeat(510),
        "!".repeat(1020) + "true",
        "!(".repeat(340) + "true" + ")".repeat(340),
        "-".repeat(1020) + "true",
        "[".repeat(1024),
        "a(".repeat(512),
        "f(".repeat(340) + ")".repeat(340),
        "!".repeat(500) + "(".repeat(500),
        "true" + "&&true".repeat(170),
        "visitor.claims.a" + "||visitor.claims.a".repeat(55),
        "!(".repeat(64) + "true" + ")".repeat(64)
      ]
      for (const source of hostile) {
        expect(source.length).toBeLessThanOrEqual(MAX_SITE_CONDITION_LENGTH)
        const answer = yield* Effect.either(parseCondition(source, FIELD))
        if (answer._tag === "Left") {
          expect(answer.left).toBeInstanceOf(InvalidInput)
          expect(answer.left.field).toBe(FIELD)
        }
      }
      // what is nested within bounds still parses and evaluates
      expect(yield* evaluate("(".repeat(60) + "visitor.claims.a" + ")".repeat(60), visitor({ a: true }))).toBe(true)
      expect(yield* evaluate("!".repeat(60) + "visitor.claims.a", visitor({ a: true }))).toBe(true)
      expect(yield* evaluate("true" + "&&true".repeat(170), visitor({}))).toBe(true)
      yield* refusedParse("(".repeat(100) + "true" + ")".repeat(100), /nests more than 64/)
      yield* refusedParse("!".repeat(100) + "true", /nests more than 64/)
    })
  )

  it.effect("parentheses inside a string do not count as nesting", () =>
    refusedParse(`visitor.claims.a == "${"(".repeat(200)}"`, /strings are not allowed/)
  )
})
