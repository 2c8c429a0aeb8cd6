/**
 * Conditions against a plain model: random boolean expressions over a few claims, printed to
 * source (with JavaScript's precedence, optional extra parentheses and whitespace), parse back
 * to the same tree, read the same claims, and evaluate as the model does for random visitors.
 * Random token soup and random text never make the parser throw: they parse or are refused.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, FastCheck as fc } from "effect"
import { InvalidInput } from "../../packages/core/src/shared/errors.js"
import {
  type Condition,
  claimsOf,
  evaluateCondition,
  MAX_SITE_CONDITION_LENGTH,
  parseCondition,
  type VisitorClaims
} from "../../packages/core/src/sites/adaptive/index.js"

const NAMES = ["a", "isBeta", "_x1"] as const
const BINARY_OPS = ["&&", "||", "==", "===", "!=", "!=="] as const
type BinaryOp = (typeof BINARY_OPS)[number]

/** The model: an expression tree as a person writes it, with optional redundant parentheses. */
type Model =
  | { readonly kind: "claim"; readonly signed: boolean; readonly name: string; readonly wrap: boolean }
  | { readonly kind: "literal"; readonly value: boolean; readonly wrap: boolean }
  | { readonly kind: "not"; readonly operand: Model; readonly wrap: boolean }
  | { readonly kind: "binary"; readonly op: BinaryOp; readonly left: Model; readonly right: Model; readonly wrap: boolean }

const wrap = fc.boolean()
const { model } = fc.letrec<{ model: Model }>((tie) => ({
  model: fc.oneof(
    { depthSize: "small", maxDepth: 5 },
    fc.record({ kind: fc.constant("claim" as const), signed: fc.boolean(), name: fc.constantFrom(...NAMES), wrap }),
    fc.record({ kind: fc.constant("literal" as const), value: fc.boolean(), wrap }),
    fc.record({ kind: fc.constant("not" as const), operand: tie("model"), wrap }),
    fc.record({ kind: fc.constant("binary" as const), op: fc.constantFrom(...BINARY_OPS), left: tie("model"), right: tie("model"), wrap })
  )
}))

const PRECEDENCE: Record<BinaryOp, number> = { "||": 1, "&&": 2, "==": 3, "===": 3, "!=": 3, "!==": 3 }
const UNARY = 4
const ATOM = 5
const precedenceOf = (m: Model) => (m.kind === "binary" ? PRECEDENCE[m.op] : m.kind === "not" ? UNARY : ATOM)

/** Source for `m`, in parentheses only where precedence (left-associative operators) needs them, or `wrap` asks. */
const print = (m: Model, space: string): string => {
  const operand = (child: Model, min: number) => {
    const text = print(child, space)
    return precedenceOf(child) < min && !child.wrap ? `(${text})` : text
  }
  const bare =
    m.kind === "claim"
      ? `visitor.claims.${m.signed ? "" : "unsigned."}${m.name}`
      : m.kind === "literal"
        ? String(m.value)
        : m.kind === "not"
          ? `!${space}${operand(m.operand, UNARY)}`
          : `${operand(m.left, PRECEDENCE[m.op])}${space}${m.op}${space}${operand(m.right, PRECEDENCE[m.op] + 1)}`
  return m.wrap ? `(${space}${bare}${space})` : bare
}

const TAGS: Record<BinaryOp, "And" | "Or" | "Equals" | "NotEquals"> = { "&&": "And", "||": "Or", "==": "Equals", "===": "Equals", "!=": "NotEquals", "!==": "NotEquals" }
const expected = (m: Model): Condition =>
  m.kind === "claim"
    ? { _tag: "Claim", signed: m.signed, name: m.name }
    : m.kind === "literal"
      ? { _tag: "Literal", value: m.value }
      : m.kind === "not"
        ? { _tag: "Not", operand: expected(m.operand) }
        : { _tag: TAGS[m.op], left: expected(m.left), right: expected(m.right) }

const modelValue = (m: Model, v: VisitorClaims): boolean => {
  switch (m.kind) {
    case "claim":
      return (m.signed ? v.signed : v.unsigned)[m.name] === true
    case "literal":
      return m.value
    case "not":
      return !modelValue(m.operand, v)
    case "binary": {
      const l = modelValue(m.left, v)
      const r = modelValue(m.right, v)
      return m.op === "&&" ? l && r : m.op === "||" ? l || r : m.op === "==" || m.op === "===" ? l === r : l !== r
    }
  }
}

const modelClaims = (m: Model, signed: Set<string>, unsigned: Set<string>): void => {
  if (m.kind === "claim") (m.signed ? signed : unsigned).add(m.name)
  else if (m.kind === "not") modelClaims(m.operand, signed, unsigned)
  else if (m.kind === "binary") {
    modelClaims(m.left, signed, unsigned)
    modelClaims(m.right, signed, unsigned)
  }
}

/** Claim values a visitor might present; only `true` is true. */
const claimValues = fc.dictionary(fc.constantFrom(...NAMES), fc.constantFrom<unknown>(true, false, "true", 1, null, {}), { maxKeys: NAMES.length })
const visitor = fc.record({ signed: claimValues, unsigned: claimValues })
const space = fc.constantFrom("", " ", "  ", "\n", "\t ")

const parsed = (source: string) => Effect.runSync(Effect.either(parseCondition(source, "condition")))

describe("conditions against a model", () => {
  it.effect("print, parse: the same tree, the same claims, and the model's value for every visitor", () =>
    Effect.sync(() =>
      fc.assert(
        fc.property(model, space, fc.array(visitor, { minLength: 1, maxLength: 8 }), (m, sp, visitors) => {
          const source = print(m, sp)
          fc.pre(source.length <= MAX_SITE_CONDITION_LENGTH)
          const answer = parsed(source)
          if (answer._tag === "Left") throw new Error(`${source} was refused: ${answer.left.message}`)
          const condition = answer.right
          expect(condition).toEqual(expected(m))
          const signed = new Set<string>()
          const unsigned = new Set<string>()
          modelClaims(m, signed, unsigned)
          expect(claimsOf(condition)).toEqual({ signed: [...signed].sort(), unsigned: [...unsigned].sort() })
          for (const v of visitors) expect(evaluateCondition(condition, v)).toBe(modelValue(m, v))
        }),
        { numRuns: 500 }
      )
    )
  )

  const TOKENS = [
    "(", ")", "!", "!!", "&&", "||", "==", "!=", "===", "!==", "visitor.claims.a", "visitor.claims.unsigned.b", "visitor", ".", "claims",
    "true", "false", "[", "]", '"', "'", "\\", "-", "+", "~", " ", "f(", ",", ";", "?", ":", "this", "1", "=", "=>", "`", "{", "}", "?."
  ]
  const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 400 }).map((tokens) => tokens.join(""))

  it.effect("token soup and random text parse or are refused with InvalidInput, never a defect", () =>
    Effect.sync(() =>
      fc.assert(
        fc.property(fc.oneof(soup, fc.string({ maxLength: 1100 }), fc.string({ unit: "binary", maxLength: 300 })), (source) => {
          const exit = Effect.runSyncExit(parseCondition(source, "condition"))
          if (Exit.isFailure(exit)) {
            expect(Cause.isFailType(exit.cause)).toBe(true)
            const error = Cause.failureOption(exit.cause)
            expect(error._tag === "Some" && error.value instanceof InvalidInput && error.value.field === "condition").toBe(true)
          }
        }),
        { numRuns: 1000 }
      )
    )
  )
})
