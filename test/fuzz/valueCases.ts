import { alternativesOf, type JsonSchema, mergeAllOf, typesOf } from "./jsonSchema.js"
import { filledString } from "./patternStrings.js"
import { conforms } from "./quireSchemas.js"
import { sampleOne, type ValueContext, validValue } from "./validValues.js"

/** A value to put at one position of a body, and what it is. */
export interface ValueCase {
  /** e.g. `body.title: 51 characters (over maxLength 50)` */
  readonly label: string
  readonly value: unknown
}

/** The boundary and invalid strings for a string schema. */
const stringCases = (schema: JsonSchema): ReadonlyArray<readonly [string, string]> => {
  const cases: Array<readonly [string, string]> = [
    ["empty string", ""],
    ["only spaces", "   "],
    ["Unicode text", "Ünïcødé 日本語 😀"],
    ["NUL character", "a\u0000b"],
    ["lone surrogate", "a\ud800b"],
    ["bidi and zero-width characters", "\u202egnp.exe\u200b"]
  ]
  const { minLength, maxLength, pattern } = schema
  if (minLength !== undefined && minLength > 0) {
    const atMin = filledString(pattern, minLength)
    if (atMin !== undefined) cases.push([`${minLength} characters (minLength)`, atMin])
    cases.push([`${minLength - 1} characters (under minLength ${minLength})`, "a".repeat(minLength - 1)])
  }
  if (maxLength !== undefined) {
    const atMax = filledString(pattern, maxLength)
    if (atMax !== undefined) cases.push([`${maxLength} characters (maxLength)`, atMax])
    cases.push([`${maxLength + 1} characters (over maxLength ${maxLength})`, "a".repeat(maxLength + 1)])
    // JSON Schema counts code points, JavaScript's `length` UTF-16 units: an edge worth a request.
    if (maxLength <= 5_000) cases.push([`${maxLength} emoji (maxLength in code points)`, "😀".repeat(maxLength)])
  } else {
    cases.push(["20,000 characters", "a".repeat(20_000)])
  }
  if (pattern !== undefined) {
    const regex = new RegExp(pattern, "u")
    const misfits = [" padded ", "two words", "UPPER", "-", "a.", "a\nb"].filter((s) => !regex.test(s)).slice(0, 3)
    for (const misfit of misfits) cases.push([`${JSON.stringify(misfit)} (does not match ${pattern})`, misfit])
  }
  return cases
}

const NUMBER_CASES: ReadonlyArray<readonly [string, number]> = [
  ["0", 0],
  ["-1", -1],
  ["0.5", 0.5],
  ["2^53 + 1", 2 ** 53 + 1],
  ["1e308", 1e308],
  ["-1e308", -1e308]
]

/** Values of every JSON type: each one the schema does not accept is a wrong-type case. */
const ANY_TYPE: ReadonlyArray<readonly [string, unknown]> = [
  ["huge number 1e308", 1e308],
  ["true", true],
  ["null", null],
  ["a string", "text"],
  ["an array", ["text"]],
  ["an object", { unexpected: "text" }]
]

const MAX_NESTING = 3

/**
 * Boundary and invalid values for a position of a body whose schema is `schema`, each a whole
 * value for that position (a nested case sits in its parent's minimal example). Which of them
 * are valid is up to the schema: the label only says what the value is.
 */
export const valueCases = (schema: JsonSchema, at: string, context: ValueContext, depth = 0, field?: string): ReadonlyArray<ValueCase> => {
  const resolved = mergeAllOf(context.resolve(schema), context.resolve)
  const cases: Array<ValueCase> = []
  const add = (label: string, value: unknown) => cases.push({ label: `${at}: ${label}`, value })
  // Cases vary one place of a minimal value, so that no other field's value decides the answer.
  const example = (of: JsonSchema) => sampleOne(validValue(of, { ...context, example: "minimal" }, depth, field), context.seed)
  const named = field === undefined ? undefined : context.idsForField(field)

  for (const alternative of alternativesOf(resolved).map((a) => mergeAllOf(context.resolve(a), context.resolve))) {
    if (alternative.enum !== undefined) {
      for (const value of alternative.enum) add(`${JSON.stringify(value)} (listed)`, value)
      add("a value outside the enum", "not-a-listed-value")
      const first = alternative.enum.find((value) => typeof value === "string")
      if (typeof first === "string" && first.toUpperCase() !== first) add(`${JSON.stringify(first.toUpperCase())} (other case)`, first.toUpperCase())
      continue
    }
    for (const type of typesOf(alternative).length > 0 ? typesOf(alternative) : alternative.properties ? ["object"] : []) {
      switch (type) {
        case "string":
          for (const [label, value] of stringCases(alternative)) add(label, value)
          for (const [i, id] of (named ?? []).entries()) add(`the world's id #${i + 1} for ${field}`, id)
          break
        case "integer":
        case "number":
          for (const [label, value] of NUMBER_CASES) add(label, value)
          if (alternative.minimum !== undefined) add(`minimum - 1`, alternative.minimum - 1)
          if (alternative.maximum !== undefined) add(`maximum + 1`, alternative.maximum + 1)
          break
        case "boolean":
          add("true", true)
          add("false", false)
          break
        case "null":
          add("null", null)
          break
        case "array": {
          const items = alternative.items ?? {}
          add("empty array", [])
          add("1,000 items", new Array(1_000).fill(example(items)))
          if (depth < MAX_NESTING) {
            for (const item of valueCases(items, `${at}[0]`, context, depth + 1, field)) cases.push({ label: item.label, value: [item.value] })
          }
          break
        }
        case "object": {
          const base = example(alternative) as Record<string, unknown>
          add("empty object", {})
          add("an unexpected property", { ...base, unexpectedProperty: "text" })
          if (depth >= MAX_NESTING) break
          for (const [name, property] of Object.entries(alternative.properties ?? {})) {
            if ((alternative.required ?? []).includes(name)) {
              const { [name]: _, ...rest } = base
              add(`${name} missing`, rest)
            }
            for (const nested of valueCases(property, `${at}.${name}`, context, depth + 1, name)) {
              cases.push({ label: nested.label, value: { ...base, [name]: nested.value } })
            }
          }
          if (typeof alternative.additionalProperties === "object") {
            const value = example(alternative.additionalProperties)
            add("an empty key", { ...base, "": value })
            add("a NUL in a key", { ...base, "a\u0000b": value })
            const key = named?.[0] ?? context.worldStrings[0] ?? "key"
            for (const nested of valueCases(alternative.additionalProperties, `${at}[key]`, context, depth + 1, field)) {
              cases.push({ label: nested.label, value: { ...base, [key]: nested.value } })
            }
          }
          break
        }
      }
    }
  }
  for (const [label, value] of ANY_TYPE) if (!conforms(resolved, value)) add(label, value)

  const seen = new Set<string>()
  return cases.filter((c) => {
    const key = JSON.stringify(c.value) ?? "undefined"
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
