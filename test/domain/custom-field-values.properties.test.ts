/**
 * The value rule of custom fields: for random definitions and random values, `valueProblem`
 * accepts exactly the values of the field's type (built here by kind, so the expectation is
 * the kind table, not the rule again); and a space update holding one bad value among good
 * ones is refused naming that value and changes nothing, while the same update without it
 * applies every value.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  CustomFieldRepository,
  CustomFields,
  type CustomFieldType,
  InvalidInput,
  type SpaceId,
  Spaces,
  TEXT_VALUE_MAX,
  valueProblem
} from "@quire/core"
import { Effect, FastCheck as fc, Layer } from "effect"
import { testAuthority } from "../support/authority.js"
import { as, contentLayer, newOrganization, newUser } from "../support/content.js"

const TYPES: ReadonlyArray<CustomFieldType> = ["text", "number", "boolean", "single-select", "multi-select"]

const optionText = fc.string({ minLength: 1, maxLength: 8 })
const definition = fc.record({
  type: fc.constantFrom(...TYPES),
  options: fc.uniqueArray(optionText, { minLength: 1, maxLength: 6 })
})

/** A value and the kind it was built as. */
type Kind =
  | "text"
  | "long-text"
  | "finite"
  | "not-finite"
  | "boolean"
  | "no-choice"
  | "one-choice"
  | "some-choices"
  | "repeated-choice"
  | "foreign-choice"
  | "null"
  | "object"

const valueFor = (options: ReadonlyArray<string>): fc.Arbitrary<{ kind: Kind; value: unknown }> => {
  const foreign = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !options.includes(s))
  const tagged = <A>(kind: Kind, arb: fc.Arbitrary<A>) => arb.map((value) => ({ kind, value: value as unknown }))
  return fc.oneof(
    tagged("text", fc.string({ maxLength: TEXT_VALUE_MAX })),
    tagged("long-text", fc.string({ minLength: TEXT_VALUE_MAX + 1, maxLength: TEXT_VALUE_MAX + 40 })),
    tagged("finite", fc.double({ noNaN: true, noDefaultInfinity: true })),
    tagged("not-finite", fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)),
    tagged("boolean", fc.boolean()),
    tagged("no-choice", fc.constant([])),
    tagged("one-choice", fc.constantFrom(...options).map((o) => [o])),
    ...(options.length >= 2 ? [tagged("some-choices", fc.shuffledSubarray([...options], { minLength: 2 }))] : []),
    tagged("repeated-choice", fc.constantFrom(...options).map((o) => [o, o])),
    tagged("foreign-choice", fc.tuple(fc.subarray([...options]), foreign).map(([some, f]) => [...some, f])),
    tagged("null", fc.constant(null)),
    tagged("object", fc.constant({ value: "x" }))
  )
}

/** Which kinds each type accepts. */
const ACCEPTS: Record<CustomFieldType, ReadonlyArray<Kind>> = {
  text: ["text"],
  number: ["finite"],
  boolean: ["boolean"],
  "single-select": ["no-choice", "one-choice"],
  "multi-select": ["no-choice", "one-choice", "some-choices"]
}

describe("custom field values: the rule", () => {
  it("accepts exactly the values of the field's type", () => {
    fc.assert(
      fc.property(
        definition.chain((def) => fc.tuple(fc.constant(def), valueFor(def.options))),
        ([def, { kind, value }]) => {
          const field = { type: def.type, options: def.type.endsWith("select") ? def.options : null }
          expect(valueProblem(field, value) === undefined).toBe(ACCEPTS[def.type].includes(kind))
        }
      ),
      { numRuns: 2000 }
    )
  })
})

const layer = CustomFields.Default.pipe(Layer.provideMerge(contentLayer))

describe("custom field values: a space update", () => {
  it.effect("one bad value refuses the whole update, naming it; without it every value is applied", () =>
    Effect.provide(
      Effect.gen(function* () {
        const admin = yield* newUser("Ada")
        const org = yield* newOrganization(admin)
        const fields = yield* CustomFields
        const repository = yield* CustomFieldRepository
        const options = ["a", "b", "c"]
        for (const type of TYPES) {
          yield* as(admin)(fields.create(org, { name: type, type, options: type.endsWith("select") ? options : undefined }))
        }
        const spaceId = (yield* as(admin)((yield* Spaces).create(org, { title: "S" }))).id as SpaceId
        const valuesNow = () => Effect.provide(repository.spaceValues(spaceId), testAuthority)

        const good: Record<CustomFieldType, fc.Arbitrary<unknown>> = {
          text: fc.string({ maxLength: 20 }),
          number: fc.integer(),
          boolean: fc.boolean(),
          "single-select": fc.subarray(options, { maxLength: 1 }),
          "multi-select": fc.subarray(options)
        }
        const bad: Record<CustomFieldType, fc.Arbitrary<unknown>> = {
          text: fc.oneof(fc.integer(), fc.string({ minLength: TEXT_VALUE_MAX + 1, maxLength: TEXT_VALUE_MAX + 5 })),
          number: fc.oneof(fc.string(), fc.boolean()),
          boolean: fc.oneof(fc.integer(), fc.constant("true")),
          "single-select": fc.oneof(fc.constant(["a", "b"]), fc.constant(["z"]), fc.constant("a")),
          "multi-select": fc.oneof(fc.constant(["a", "a"]), fc.constant(["z"]), fc.constant(true))
        }
        const update = fc
          .tuple(fc.subarray([...TYPES], { minLength: 1 }), fc.constantFrom(...TYPES))
          .chain(([goodTypes, badType]) =>
            fc.tuple(
              fc.tuple(...goodTypes.filter((t) => t !== badType).map((t) => good[t].map((v) => [t, v] as const))),
              bad[badType].map((v) => [badType, v] as const)
            )
          )

        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(update, async ([goods, [badName, badValue]]) => {
              const before = await Effect.runPromise(valuesNow())
              const values = Object.fromEntries([...goods, [badName, badValue]].map(([name, value]) => [name, { value }]))
              const refused = await Effect.runPromise(Effect.flip(as(admin)(fields.updateSpaceValues(spaceId, { values } as never))))
              expect(refused).toBeInstanceOf(InvalidInput)
              expect((refused as InvalidInput).field).toBe(`values.${badName}.value`)
              expect(await Effect.runPromise(valuesNow())).toEqual(before)
              const applied = Object.fromEntries(goods.map(([name, value]) => [name, { value }]))
              await Effect.runPromise(as(admin)(fields.updateSpaceValues(spaceId, { values: applied } as never)))
              const after = new Map((await Effect.runPromise(valuesNow())).map((v) => [v.field.name, v.value]))
              for (const [name, value] of goods) expect(after.get(name)).toEqual(value)
            }),
            { numRuns: 100 }
          )
        )
      }),
      layer
    ) as Effect.Effect<void>
  )
})
