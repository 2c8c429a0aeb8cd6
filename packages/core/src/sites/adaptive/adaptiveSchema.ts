import { Ajv } from "ajv"
import { Effect, Either } from "effect"
import { InvalidInput } from "../../shared/errors.js"

/** The claims a site's visitor schema declares, by name, sorted. */
export interface AdaptiveClaims {
  readonly signed: ReadonlyArray<string>
  readonly unsigned: ReadonlyArray<string>
}

/** The JSON text of a visitor schema, in UTF-8 bytes, at most. */
export const MAX_ADAPTIVE_SCHEMA_BYTES = 32 * 1024
/** Claims (signed and unsigned together) one schema may declare, at most. */
export const MAX_ADAPTIVE_CLAIMS = 100
export const MAX_CLAIM_NAME_LENGTH = 64
/** What a claim's name looks like, so a condition can read it as `visitor.claims.<name>`. */
export const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
export const DRAFT_07 = "http://json-schema.org/draft-07/schema#"

/** A schema that passes the rules is at most 5 levels deep; deeper input is refused before ajv walks it. */
const MAX_DEPTH = 16
const ROOT_KEYS = new Set(["$schema", "type", "properties", "additionalProperties"])
const CLAIM_KEYS = new Set(["type", "description"])
const UNSIGNED_KEYS = new Set(["type", "description", "properties", "additionalProperties"])
const CLAIM_SHAPE = `a claim is {"type": "boolean", "description": string}`
/** The one description the official `SiteAdaptiveJSONSchema` gives `unsigned`: a stored schema carries it. */
export const UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor."

type JsonObject = { readonly [key: string]: unknown }
type Check<A> = Either.Either<A, InvalidInput>

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value)
const fail = (field: string, rule: string): Check<never> => Either.left(InvalidInput.of(field, rule))
const ok: Check<void> = Either.void

/** Whether a JSON value nests deeper than `max` (walked with a stack, so no input overflows ours). */
const deeperThan = (value: unknown, max: number): boolean => {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (typeof node !== "object" || node === null) continue
    if (depth >= max) return true
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return false
}

const utf8Length = (text: string): number => new TextEncoder().encode(text).length

let metaValidator: Ajv | undefined
/** Ajv compiles the draft-07 meta-schema when made: once, on first use. */
const ajv = (): Ajv => (metaValidator ??= new Ajv({ allErrors: false }))

const pointerToPath = (field: string, pointer: string): string =>
  pointer === ""
    ? field
    : field +
      pointer
        .split("/")
        .slice(1)
        .map((token) => "." + token.replaceAll("~1", "/").replaceAll("~0", "~"))
        .join("")

const checkDraft07 = (json: JsonObject, field: string): Check<void> => {
  if ("$schema" in json && json.$schema !== DRAFT_07) return fail(`${field}.$schema`, `must be "${DRAFT_07}" (JSON Schema draft-07)`)
  const validator = ajv()
  if (validator.validateSchema(json) === true) return ok
  const first = validator.errors?.[0]
  return fail(pointerToPath(field, first?.instancePath ?? ""), `is not valid JSON Schema draft-07: ${first?.message ?? "invalid"}`)
}

const checkOnlyKeys = (value: JsonObject, allowed: ReadonlySet<string>, field: string, shape: string): Check<void> => {
  for (const key of Object.keys(value)) if (!allowed.has(key)) return fail(`${field}.${key}`, `is not allowed: ${shape}`)
  return ok
}

const checkClaimName = (name: string, field: string): Check<void> =>
  name.length > MAX_CLAIM_NAME_LENGTH
    ? fail(field, `the claim name "${name.slice(0, MAX_CLAIM_NAME_LENGTH)}…" is longer than ${MAX_CLAIM_NAME_LENGTH} characters`)
    : CLAIM_NAME.test(name)
      ? ok
      : fail(field, `${JSON.stringify(name)} is not a valid claim name: letters, digits and "_", not starting with a digit`)

/** `{type: "boolean", description}`, and nothing else (the official shape of a boolean claim). */
const checkBooleanClaim = (claim: unknown, field: string): Check<void> => {
  if (!isObject(claim)) return fail(field, `must be an object: ${CLAIM_SHAPE}`)
  if (claim.type !== "boolean") return fail(`${field}.type`, `must be "boolean": visitor claims are booleans`)
  if (typeof claim.description !== "string") return fail(`${field}.description`, `must be a string: ${CLAIM_SHAPE}`)
  return checkOnlyKeys(claim, CLAIM_KEYS, field, CLAIM_SHAPE)
}

/** The names of `properties`' boolean claims, each checked. */
const checkClaims = (properties: unknown, field: string, skip?: string): Check<Array<string>> => {
  if (!isObject(properties)) return fail(field, "must be an object of claims")
  const names: Array<string> = []
  for (const [name, claim] of Object.entries(properties)) {
    if (name === skip) continue
    const checked = Either.flatMap(checkClaimName(name, field), () => checkBooleanClaim(claim, `${field}.${name}`))
    if (Either.isLeft(checked)) return Either.left(checked.left)
    names.push(name)
  }
  return Either.right(names)
}

const checkAdditionalPropertiesFalse = (value: JsonObject, field: string): Check<void> =>
  value.additionalProperties === false ? ok : fail(`${field}.additionalProperties`, "must be false: a visitor has only the claims the schema declares")

/** `unsigned`: `{type: "object", description?, properties: {<name>: <boolean claim>}, additionalProperties: false}`. */
const checkUnsigned = (unsigned: unknown, field: string): Check<Array<string>> => {
  const shape = `"unsigned" is {"type": "object", "description"?: string, "properties": {<name>: <boolean claim>}, "additionalProperties": false}`
  if (!isObject(unsigned)) return fail(field, `must be an object: ${shape}`)
  if (unsigned.type !== "object") return fail(`${field}.type`, `must be "object": ${shape}`)
  if ("description" in unsigned && typeof unsigned.description !== "string") return fail(`${field}.description`, "must be a string")
  if (!("properties" in unsigned)) return fail(`${field}.properties`, `is required: ${shape}`)
  return Either.flatMap(checkOnlyKeys(unsigned, UNSIGNED_KEYS, field, shape), () =>
    Either.flatMap(checkAdditionalPropertiesFalse(unsigned, field), () => checkClaims(unsigned.properties, `${field}.properties`))
  )
}

const checkRules = (json: JsonObject, field: string): Check<AdaptiveClaims> =>
  Either.gen(function* () {
    yield* checkOnlyKeys(json, ROOT_KEYS, field, "a visitor schema has $schema, type, properties and additionalProperties")
    if (json.type !== "object") return yield* fail(`${field}.type`, `must be "object"`)
    yield* checkAdditionalPropertiesFalse(json, field)
    if (!("properties" in json)) return yield* fail(`${field}.properties`, "is required: the claims, by name")
    const properties = json.properties
    const signed = yield* checkClaims(properties, `${field}.properties`, "unsigned")
    const unsigned = isObject(properties) && "unsigned" in properties ? yield* checkUnsigned(properties.unsigned, `${field}.properties.unsigned`) : []
    if (signed.length + unsigned.length > MAX_ADAPTIVE_CLAIMS)
      return yield* fail(`${field}.properties`, `declares ${signed.length + unsigned.length} claims; at most ${MAX_ADAPTIVE_CLAIMS} (signed and unsigned together)`)
    return { signed: signed.sort(), unsigned: unsigned.sort() }
  })

/** The schema as a site keeps it: `unsigned` carries the official description (whatever one it came with). */
export const storedAdaptiveSchema = (json: JsonObject): JsonObject => {
  const properties = json.properties
  if (!isObject(properties) || !isObject(properties.unsigned)) return json
  return { ...json, properties: { ...properties, unsigned: { ...properties.unsigned, description: UNSIGNED_DESCRIPTION } } }
}

/**
 * Checks a site's visitor schema (GitBook's adaptive content): a JSON Schema draft-07 object of
 * boolean claims, with `additionalProperties: false`, and optionally an `unsigned` object of
 * boolean claims the visitor supplies unsigned. Answers the claims it declares, or an
 * `InvalidInput` naming the offending place (e.g. `jsonSchema.properties.plan.type`).
 */
export const checkAdaptiveSchema = (json: unknown, field = "jsonSchema"): Effect.Effect<AdaptiveClaims, InvalidInput> =>
  Effect.suspend(() => {
    if (!isObject(json)) return Effect.fail(InvalidInput.of(field, "must be a JSON Schema object"))
    if (deeperThan(json, MAX_DEPTH)) return Effect.fail(InvalidInput.of(field, "is nested too deeply for a visitor schema"))
    let text: string
    try {
      text = JSON.stringify(json)
    } catch {
      return Effect.fail(InvalidInput.of(field, "must be JSON"))
    }
    if (utf8Length(text) > MAX_ADAPTIVE_SCHEMA_BYTES) return Effect.fail(InvalidInput.of(field, `must be at most ${MAX_ADAPTIVE_SCHEMA_BYTES} bytes of JSON`))
    return Either.flatMap(checkDraft07(json, field), () => checkRules(json, field))
  })
