import { Effect, Either } from "effect"
import jsep from "jsep"
import { InvalidInput } from "../../shared/errors.js"
import { type AdaptiveClaims, CLAIM_NAME, MAX_CLAIM_NAME_LENGTH } from "./adaptiveSchema.js"

export const MAX_SITE_CONDITION_LENGTH = 1024
/** Parentheses and prefix operators open at once, at most: jsep parses them recursively. */
export const MAX_CONDITION_NESTING = 64

/** A parsed condition: claims, booleans, `!`, `&&`, `||` and equality of booleans. */
export type Condition =
  | { readonly _tag: "Claim"; readonly signed: boolean; readonly name: string }
  | { readonly _tag: "Literal"; readonly value: boolean }
  | { readonly _tag: "Not"; readonly operand: Condition }
  | { readonly _tag: "And" | "Or" | "Equals" | "NotEquals"; readonly left: Condition; readonly right: Condition }

/** What a visitor presents: signed claims (from the visitor token) and unsigned ones. */
export interface VisitorClaims {
  readonly signed: Readonly<Record<string, unknown>>
  readonly unsigned: Readonly<Record<string, unknown>>
}

const ALLOWED =
  "a condition reads claims as visitor.claims.<name> or visitor.claims.unsigned.<name>, with true, false, !, &&, ||, ==, !=, ===, !== and parentheses"

const BINARY: Readonly<Record<string, "And" | "Or" | "Equals" | "NotEquals">> = {
  "&&": "And",
  "||": "Or",
  "==": "Equals",
  "===": "Equals",
  "!=": "NotEquals",
  "!==": "NotEquals"
}

const PREFIX = new Set(["!", "-", "+", "~"])
const OPERAND = /[A-Za-z0-9_$.\u0080-\uffff]/

/**
 * How deeply jsep would recurse for `source`, bounded from above: open parentheses and brackets,
 * and prefix operators not yet closed by their operand. Linear, with no recursion.
 */
const nestingOf = (source: string): number => {
  const saved: Array<number> = []
  let savedSum = 0
  let pending = 0
  let max = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === '"' || c === "'") {
      while (++i < source.length && source[i] !== c) if (source[i] === "\\") i++
      pending = 0
    } else if (c === "(" || c === "[" || c === "{") {
      saved.push(pending)
      savedSum += pending
      pending = 0
    } else if (c === ")" || c === "]" || c === "}") {
      savedSum -= saved.pop() ?? 0
      pending = 0
    } else if (PREFIX.has(c) && source[i + 1] !== "=") pending++
    else if (OPERAND.test(c)) pending = 0
    max = Math.max(max, saved.length + savedSum + pending)
  }
  return max
}

type Parsed = Either.Either<Condition, string>

const describe = (node: jsep.Expression): string => {
  switch (node.type) {
    case "CallExpression":
      return "calls are not allowed"
    case "ThisExpression":
      return '"this" is not allowed'
    case "ArrayExpression":
      return "arrays are not allowed"
    case "ConditionalExpression":
      return "the conditional operator (? :) is not allowed"
    case "Compound":
      return (node as jsep.Compound).body.length === 0 ? "an empty expression is not allowed" : "a condition is one expression"
    case "SequenceExpression":
      return "a condition is one expression"
    case "Literal": {
      const value = (node as jsep.Literal).value
      return typeof value === "string" ? "strings are not allowed" : typeof value === "number" ? "numbers are not allowed" : `${String(value)} is not allowed`
    }
    case "Identifier":
      return `the name "${(node as jsep.Identifier).name}" is not allowed`
    case "UnaryExpression":
      return `the operator "${(node as jsep.UnaryExpression).operator}" is not allowed`
    case "BinaryExpression":
      return `the operator "${(node as jsep.BinaryExpression).operator}" is not allowed`
    default:
      return `${node.type} is not allowed`
  }
}

/** `visitor.claims.<name>` or `visitor.claims.unsigned.<name>`, dot notation only. */
const claimOf = (node: jsep.MemberExpression): Parsed => {
  const path: Array<string> = []
  let at: jsep.Expression = node
  while (at.type === "MemberExpression") {
    const member = at as jsep.MemberExpression
    if (member.computed) return Either.left("computed member access ([...]) is not allowed; use visitor.claims.<name>")
    if (member.optional) return Either.left("optional chaining (?.) is not allowed; use visitor.claims.<name>")
    if (member.property.type !== "Identifier") return Either.left(describe(member.property))
    path.unshift((member.property as jsep.Identifier).name)
    at = member.object
  }
  if (at.type !== "Identifier") return Either.left(describe(at))
  path.unshift((at as jsep.Identifier).name)
  const [root, claims, ...rest] = path
  if (root !== "visitor" || claims !== "claims" || rest.length === 0) return Either.left(`"${path.join(".")}" is not a claim`)
  const signed = !(rest.length === 2 && rest[0] === "unsigned")
  if (rest.length !== 1 && signed) return Either.left(`"${path.join(".")}" is not a claim`)
  const name = rest[rest.length - 1]!
  if (signed && name === "unsigned") return Either.left('"visitor.claims.unsigned" is not a claim; use visitor.claims.unsigned.<name>')
  if (name.length > MAX_CLAIM_NAME_LENGTH || !CLAIM_NAME.test(name)) return Either.left(`"${name}" is not a valid claim name`)
  return Either.right({ _tag: "Claim", signed, name })
}

const fromJsep = (node: jsep.Expression): Parsed => {
  switch (node.type) {
    case "MemberExpression":
      return claimOf(node as jsep.MemberExpression)
    case "Literal": {
      const value = (node as jsep.Literal).value
      return typeof value === "boolean" ? Either.right({ _tag: "Literal", value }) : Either.left(describe(node))
    }
    case "UnaryExpression": {
      const unary = node as jsep.UnaryExpression
      if (unary.operator !== "!") return Either.left(describe(node))
      return Either.map(fromJsep(unary.argument), (operand) => ({ _tag: "Not", operand }))
    }
    case "BinaryExpression": {
      const binary = node as jsep.BinaryExpression
      const tag = Object.hasOwn(BINARY, binary.operator) ? BINARY[binary.operator]! : undefined
      if (tag === undefined) return Either.left(describe(node))
      return Either.flatMap(fromJsep(binary.left), (left) => Either.map(fromJsep(binary.right), (right) => ({ _tag: tag, left, right })))
    }
    default:
      return Either.left(describe(node))
  }
}

const parse = (source: string): Parsed => {
  if (source.trim() === "") return Either.left("must not be empty")
  if (nestingOf(source) > MAX_CONDITION_NESTING) return Either.left(`nests more than ${MAX_CONDITION_NESTING} parentheses and operators`)
  let tree: jsep.Expression
  try {
    tree = jsep(source)
  } catch (e) {
    return Either.left(`is not a valid expression (${e instanceof Error ? e.message : "syntax error"})`)
  }
  return fromJsep(tree)
}

/**
 * Parses a condition (GitBook's adaptive content: `visitor.claims.isBeta && !visitor.claims.unsigned.optOut`)
 * with jsep, never evaluating it as JavaScript. Anything but claims, `true`, `false`, `!`, `&&`,
 * `||`, `==`, `!=`, `===`, `!==` and parentheses is an `InvalidInput` naming `field`.
 */
export const parseCondition = (source: string, field: string): Effect.Effect<Condition, InvalidInput> =>
  Effect.suspend(() => {
    if (source.length < 1 || source.length > MAX_SITE_CONDITION_LENGTH)
      return Effect.fail(InvalidInput.of(field, `must be 1 to ${MAX_SITE_CONDITION_LENGTH} characters`))
    return Either.mapLeft(parse(source), (reason) => InvalidInput.of(field, `${reason}: ${ALLOWED}`))
  })

/** The claims a condition reads, by name, sorted, once each. */
export const claimsOf = (condition: Condition): { readonly signed: ReadonlyArray<string>; readonly unsigned: ReadonlyArray<string> } => {
  const signed = new Set<string>()
  const unsigned = new Set<string>()
  const stack: Array<Condition> = [condition]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node._tag === "Claim") (node.signed ? signed : unsigned).add(node.name)
    else if (node._tag === "Not") stack.push(node.operand)
    else if (node._tag !== "Literal") stack.push(node.left, node.right)
  }
  return { signed: [...signed].sort(), unsigned: [...unsigned].sort() }
}

/** `parseCondition`, and every claim it reads declared by the site's schema. */
export const checkCondition = (source: string, field: string, claims: AdaptiveClaims): Effect.Effect<Condition, InvalidInput> =>
  Effect.flatMap(parseCondition(source, field), (condition) => {
    const read = claimsOf(condition)
    const signed = read.signed.find((name) => !claims.signed.includes(name))
    if (signed !== undefined) return Effect.fail(InvalidInput.of(field, `the claim "visitor.claims.${signed}" is not declared by the site's visitor schema`))
    const unsigned = read.unsigned.find((name) => !claims.unsigned.includes(name))
    if (unsigned !== undefined)
      return Effect.fail(InvalidInput.of(field, `the claim "visitor.claims.unsigned.${unsigned}" is not declared by the site's visitor schema`))
    return Effect.succeed(condition)
  })

/** Only the boolean `true` is true: a claim absent, or of any other value, reads as `false`. */
const claimValue = (claims: Readonly<Record<string, unknown>>, name: string): boolean => Object.hasOwn(claims, name) && claims[name] === true

/** Whether a visitor with these claims meets the condition. */
export const evaluateCondition = (condition: Condition, visitor: VisitorClaims): boolean => {
  switch (condition._tag) {
    case "Claim":
      return claimValue(condition.signed ? visitor.signed : visitor.unsigned, condition.name)
    case "Literal":
      return condition.value
    case "Not":
      return !evaluateCondition(condition.operand, visitor)
    case "And":
      return evaluateCondition(condition.left, visitor) && evaluateCondition(condition.right, visitor)
    case "Or":
      return evaluateCondition(condition.left, visitor) || evaluateCondition(condition.right, visitor)
    case "Equals":
      return evaluateCondition(condition.left, visitor) === evaluateCondition(condition.right, visitor)
    case "NotEquals":
      return evaluateCondition(condition.left, visitor) !== evaluateCondition(condition.right, visitor)
  }
}
