/**
 * A site's visitor schema (adaptive content): the draft-07 documents of boolean claims it
 * accepts, the claims it answers, and each refusal with the exact place it names.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { InvalidInput } from "../../packages/core/src/shared/errors.js"
import { checkAdaptiveSchema, DRAFT_07, MAX_ADAPTIVE_SCHEMA_BYTES, storedAdaptiveSchema, UNSIGNED_DESCRIPTION } from "../../packages/core/src/sites/adaptive/index.js"

const claim = (description = "A claim") => ({ type: "boolean", description })
const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  additionalProperties: false,
  ...extra
})
const unsigned = (properties: Record<string, unknown>) => ({ type: "object", properties, additionalProperties: false })

/** The field and message of the `InvalidInput` checking `json` fails with. */
const refusal = (json: unknown) =>
  Effect.map(Effect.flip(checkAdaptiveSchema(json)), (e) => {
    expect(e).toBeInstanceOf(InvalidInput)
    return { field: e.field, message: e.message }
  })
const refusedAt = (json: unknown, field: string, message?: RegExp) =>
  Effect.map(refusal(json), (e) => {
    expect(e.field).toBe(field)
    if (message !== undefined) expect(e.message).toMatch(message)
  })

describe("checkAdaptiveSchema: accepted", () => {
  it.effect("signed claims only, answered sorted", () =>
    Effect.gen(function* () {
      const claims = yield* checkAdaptiveSchema(schema({ isEmployee: claim("Works here"), isBeta: claim(), a_1: claim() }, { $schema: DRAFT_07 }))
      expect(claims).toEqual({ signed: ["a_1", "isBeta", "isEmployee"], unsigned: [] })
    })
  )

  it.effect("signed and unsigned claims", () =>
    Effect.gen(function* () {
      const claims = yield* checkAdaptiveSchema(
        schema({
          isBeta: claim(),
          unsigned: { ...unsigned({ optIn: claim("Asked for it"), _early: claim() }), description: "From the URL" }
        })
      )
      expect(claims).toEqual({ signed: ["isBeta"], unsigned: ["_early", "optIn"] })
    })
  )

  it.effect("no claims at all: empty properties", () =>
    Effect.gen(function* () {
      expect(yield* checkAdaptiveSchema(schema({}))).toEqual({ signed: [], unsigned: [] })
      expect(yield* checkAdaptiveSchema(schema({ unsigned: unsigned({}) }))).toEqual({ signed: [], unsigned: [] })
    })
  )

  it("the stored schema gives unsigned the official description", () => {
      const json = schema({ isBeta: claim(), unsigned: { ...unsigned({ optIn: claim() }), description: "From the URL" } })
      const stored = storedAdaptiveSchema(json) as { properties: { unsigned: { description: string } } }
      expect(stored.properties.unsigned.description).toBe(UNSIGNED_DESCRIPTION)
      expect(storedAdaptiveSchema(schema({ isBeta: claim() }))).toStrictEqual(schema({ isBeta: claim() }))
  })

  it.effect("100 claims, signed and unsigned together; a 64-character name", () =>
    Effect.gen(function* () {
      const names = (prefix: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, claim()]))
      const claims = yield* checkAdaptiveSchema(schema({ ...names("s", 60), unsigned: unsigned(names("u", 40)) }))
      expect(claims.signed.length + claims.unsigned.length).toBe(100)
      const long = "x".repeat(64)
      expect((yield* checkAdaptiveSchema(schema({ [long]: claim() }))).signed).toEqual([long])
    })
  )

  it.effect("the field prefix is the caller's", () =>
    Effect.gen(function* () {
      const e = yield* Effect.flip(checkAdaptiveSchema(schema({ plan: { type: "string" } }), "site.adaptive.jsonSchema"))
      expect(e.field).toBe("site.adaptive.jsonSchema.properties.plan.type")
    })
  )
})

describe("checkAdaptiveSchema: refused, naming the place", () => {
  it.effect("a claim of another type than boolean", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({ isBeta: claim(), plan: { type: "string" } }), "jsonSchema.properties.plan.type", /boolean/)
      yield* refusedAt(schema({ seats: { type: "number" } }), "jsonSchema.properties.seats.type", /boolean/)
      yield* refusedAt(schema({ any: {} }), "jsonSchema.properties.any.type")
      yield* refusedAt(schema({ flag: true }), "jsonSchema.properties.flag")
    })
  )

  it.effect("a claim with another keyword, or a description that is not a string", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({ isBeta: { type: "boolean", description: "x", enum: [true] } }), "jsonSchema.properties.isBeta.enum")
      yield* refusedAt(schema({ isBeta: { type: "boolean" } }), "jsonSchema.properties.isBeta.description", /string/)
      // ajv's meta-schema check names it first
      yield* refusedAt(schema({ isBeta: { type: "boolean", description: 5 } }), "jsonSchema.properties.isBeta.description", /draft-07/)
    })
  )

  it.effect("additionalProperties missing or not false", () =>
    Effect.gen(function* () {
      yield* refusedAt({ type: "object", properties: { isBeta: claim() } }, "jsonSchema.additionalProperties", /false/)
      yield* refusedAt(schema({}, { additionalProperties: true }), "jsonSchema.additionalProperties")
      yield* refusedAt(schema({}, { additionalProperties: { type: "boolean" } }), "jsonSchema.additionalProperties")
    })
  )

  it.effect("a type other than object", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({}, { type: "array" }), "jsonSchema.type")
      yield* refusedAt({ properties: {}, additionalProperties: false }, "jsonSchema.type")
    })
  )

  it.effect("another $schema than draft-07", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({}, { $schema: "https://json-schema.org/draft/2020-12/schema" }), "jsonSchema.$schema", /draft-07/)
      yield* refusedAt(schema({}, { $schema: "http://json-schema.org/draft-07/schema" }), "jsonSchema.$schema")
      yield* refusedAt(schema({}, { $schema: 7 }), "jsonSchema.$schema")
    })
  )

  it.effect("not valid draft-07 (ajv's meta-schema)", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({}, { type: "objekt" }), "jsonSchema.type", /draft-07/)
      yield* refusedAt(schema({}, { title: 3 }), "jsonSchema.title", /draft-07/)
      yield* refusedAt(schema({ a: claim() }, { required: "a" }), "jsonSchema.required", /draft-07/)
      yield* refusedAt(schema({ a: claim() }, { $id: 3 }), "jsonSchema.$id", /draft-07/)
    })
  )

  it.effect("other keywords at the root (the official shape has none), or no properties", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({}, { patternProperties: { "^x": claim() } }), "jsonSchema.patternProperties")
      yield* refusedAt(schema({ a: claim() }, { required: ["a"] }), "jsonSchema.required")
      yield* refusedAt(schema({}, { title: "Visitors" }), "jsonSchema.title")
      yield* refusedAt({ type: "object", additionalProperties: false }, "jsonSchema.properties")
    })
  )

  it.effect("unsigned malformed", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({ unsigned: claim() }), "jsonSchema.properties.unsigned.type", /object/)
      yield* refusedAt(schema({ unsigned: "yes" }), "jsonSchema.properties.unsigned")
      yield* refusedAt(schema({ unsigned: { type: "object", properties: { beta: claim() } } }), "jsonSchema.properties.unsigned.additionalProperties")
      yield* refusedAt(schema({ unsigned: { type: "object", additionalProperties: false } }), "jsonSchema.properties.unsigned.properties")
      yield* refusedAt(schema({ unsigned: unsigned({ beta: { type: "string" } }) }), "jsonSchema.properties.unsigned.properties.beta.type")
      yield* refusedAt(schema({ unsigned: unsigned({ nested: unsigned({}) }) }), "jsonSchema.properties.unsigned.properties.nested.type")
      yield* refusedAt(schema({ unsigned: { ...unsigned({}), required: [] } }), "jsonSchema.properties.unsigned.required")
      yield* refusedAt(schema({ unsigned: { ...unsigned({}), description: 1 } }), "jsonSchema.properties.unsigned.description")
    })
  )

  it.effect("a bad claim name", () =>
    Effect.gen(function* () {
      yield* refusedAt(schema({ "is-beta": claim() }), "jsonSchema.properties", /"is-beta" is not a valid claim name/)
      yield* refusedAt(schema({ "9lives": claim() }), "jsonSchema.properties", /not a valid claim name/)
      yield* refusedAt(schema({ "": claim() }), "jsonSchema.properties", /not a valid claim name/)
      yield* refusedAt(schema({ "a.b": claim() }), "jsonSchema.properties")
      yield* refusedAt(schema({ ["x".repeat(65)]: claim() }), "jsonSchema.properties", /64/)
      yield* refusedAt(schema({ unsigned: unsigned({ "é": claim() }) }), "jsonSchema.properties.unsigned.properties", /not a valid claim name/)
    })
  )

  it.effect("too many claims: 101, signed and unsigned together", () =>
    Effect.gen(function* () {
      const names = (prefix: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, claim()]))
      yield* refusedAt(schema(names("s", 101)), "jsonSchema.properties", /at most 100/)
      yield* refusedAt(schema({ ...names("s", 60), unsigned: unsigned(names("u", 41)) }), "jsonSchema.properties", /101 claims/)
    })
  )

  it.effect("too big: over 32 KiB of JSON", () =>
    Effect.gen(function* () {
      const big = schema({ isBeta: claim("x".repeat(MAX_ADAPTIVE_SCHEMA_BYTES)) })
      yield* refusedAt(big, "jsonSchema", /32768 bytes/)
      // counted in UTF-8 bytes: 11,000 three-byte characters are 33,000 bytes
      yield* refusedAt(schema({ isBeta: claim("€".repeat(11_000)) }), "jsonSchema", /bytes/)
      expect((yield* checkAdaptiveSchema(schema({ isBeta: claim("x".repeat(30_000)) }))).signed).toEqual(["isBeta"])
    })
  )

  it.effect("not an object: an array, null, a string, a number", () =>
    Effect.gen(function* () {
      for (const json of [[], [schema({})], null, undefined, "{}", 3, true]) yield* refusedAt(json, "jsonSchema", /object/)
    })
  )

  it.effect("deeply nested input is refused without walking it recursively", () =>
    Effect.gen(function* () {
      let deep: unknown = {}
      for (let i = 0; i < 100_000; i++) deep = { not: deep }
      yield* refusedAt(schema({}, { definitions: { a: deep } }), "jsonSchema", /nested too deeply/)
    })
  )
})
