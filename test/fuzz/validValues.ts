import { FastCheck as fc } from "effect"
import { alternativesOf, type JsonSchema, mergeAllOf, type Resolve, typesOf } from "./jsonSchema.js"
import { matchingStrings } from "./patternStrings.js"

export interface ValueContext {
  readonly resolve: Resolve
  /** Strings that name real resources (the world's ids): a body mentioning one reaches further. */
  readonly worldStrings: ReadonlyArray<string>
  /** Seeds what is drawn ahead of time (strings matching a pattern). */
  readonly seed: number
  /** The ids a field of this name refers to (`organization`, `parent`, `members`...), if any. */
  readonly idsForField: (field: string) => ReadonlyArray<string> | undefined
  /**
   * Make an example for the catalog instead of any valid value: objects with every property
   * (`full`) or only the required ones (`minimal`), named fields with their likeliest id.
   */
  readonly example?: "full" | "minimal"
}

const CONTROL_OR_SURROGATE = /[\p{Cc}\p{Cs}]/u

/** Mostly printable ASCII, some of the rest of Unicode; no NUL, control characters or lone surrogates. */
const character = fc.oneof(
  { weight: 6, arbitrary: fc.char() },
  { weight: 1, arbitrary: fc.fullUnicode().filter((c) => !CONTROL_OR_SURROGATE.test(c)) }
)

const MAX_DEPTH = 4

const stringValue = (schema: JsonSchema, context: ValueContext, field: string | undefined): fc.Arbitrary<string> => {
  const minLength = schema.minLength ?? 0
  const maxLength = schema.maxLength ?? Number.MAX_SAFE_INTEGER
  if (schema.pattern !== undefined) return matchingStrings(schema.pattern, minLength, maxLength, context.seed)
  if (schema.format === "date-time") return fc.date({ min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString())
  if (schema.format === "uri") {
    // A URL the world serves (an import's source) is the likeliest to succeed.
    const served = field === undefined ? undefined : context.idsForField(field)
    if (served === undefined) return fc.webUrl()
    return context.example ? fc.constant(served[0]!) : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...served) }, fc.webUrl())
  }
  if (schema.format === "email") return fc.emailAddress()
  const text = fc.string({ unit: character, minLength, maxLength: Math.min(maxLength, minLength + 40) })
  const named = field === undefined ? undefined : context.idsForField(field)
  if (named !== undefined) return context.example ? fc.constant(named[0]!) : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...named) }, text)
  const fitting = context.worldStrings.filter((s) => s.length >= minLength && s.length <= maxLength)
  return fitting.length === 0 ? text : fc.oneof(text, fc.constantFrom(...fitting))
}

const objectValue = (schema: JsonSchema, context: ValueContext, depth: number, field: string | undefined): fc.Arbitrary<unknown> => {
  const required = schema.required ?? []
  // A minimal example still has as many properties as `minProperties` asks for.
  const optional = Object.keys(schema.properties ?? {}).filter((name) => !required.includes(name))
  const minimal = [...required, ...optional.slice(0, Math.max(0, (schema.minProperties ?? 0) - required.length))]
  const properties = Object.entries(schema.properties ?? {}).filter(([name]) => context.example !== "minimal" || minimal.includes(name))
  const model = Object.fromEntries(properties.map(([name, property]) => [name, validValue(property, context, depth + 1, name)]))
  const requiredKeys = context.example ? Object.keys(model) : required.filter((name) => name in model)
  const known = fc.record(model, { requiredKeys })
  const additional = schema.additionalProperties
  if (typeof additional !== "object") return withMinProperties(known, schema.minProperties)
  const keys = (field === undefined ? undefined : context.idsForField(field)) ?? context.worldStrings
  const extra = fc.dictionary(keys.length > 0 ? fc.constantFrom(...keys) : fc.string(), validValue(additional, context, depth + 1, field), {
    minKeys: context.example ? 1 : 0,
    maxKeys: context.example ? 1 : 3
  })
  return withMinProperties(
    fc.tuple(known, extra).map(([fixed, more]) => ({ ...more, ...fixed })),
    schema.minProperties
  )
}

const withMinProperties = (arbitrary: fc.Arbitrary<object>, minProperties: number | undefined): fc.Arbitrary<unknown> =>
  minProperties === undefined || minProperties === 0 ? arbitrary : arbitrary.filter((value) => Object.keys(value).length >= minProperties)

/**
 * Values valid against `schema`, as JSON Schema defines validity. `field` is the name of the
 * property (or of the array) the value is for: it decides which of the world's ids fit.
 */
export const validValue = (schema: JsonSchema, context: ValueContext, depth = 0, field?: string): fc.Arbitrary<unknown> => {
  const resolved = mergeAllOf(context.resolve(schema), context.resolve)
  if (resolved.const !== undefined) return fc.constant(resolved.const)
  if (resolved.enum !== undefined) return fc.constantFrom(...resolved.enum)
  const alternatives = alternativesOf(resolved)
  if (alternatives.length > 1 || alternatives[0] !== resolved) {
    return fc.oneof(...alternatives.map((alternative) => validValue(alternative, context, depth, field)))
  }
  const types = typesOf(resolved)
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...resolved, type }, context, depth, field)))
  switch (types[0]) {
    case "string":
      return stringValue(resolved, context, field)
    case "integer":
      return fc.integer({ min: resolved.minimum ?? -1_000_000, max: resolved.maximum ?? 1_000_000 })
    case "number":
      return fc.double({ min: resolved.minimum ?? -1e9, max: resolved.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true })
    case "boolean":
      return fc.boolean()
    case "null":
      return fc.constant(null)
    case "array": {
      const items = resolved.items === undefined || depth >= MAX_DEPTH ? fc.constant("item") : validValue(resolved.items, context, depth + 1, field)
      const minLength = resolved.minItems ?? (context.example ? 1 : 0)
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(resolved.maxItems ?? 3, 3)) })
    }
    case "object":
      return objectValue(resolved, context, depth, field)
    default:
      return resolved.properties !== undefined ? objectValue(resolved, context, depth, field) : fc.jsonValue({ maxDepth: 2 })
  }
}

/** One value, the same for the same seed. */
export const sampleOne = <A>(arbitrary: fc.Arbitrary<A>, seed: number): A => fc.sample(arbitrary, { seed, numRuns: 1 })[0]!
