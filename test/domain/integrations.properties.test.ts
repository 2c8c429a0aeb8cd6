import { describe, expect, it } from "@effect/vitest"
import {
  configurationProblem,
  type IntegrationConfigurationSchema,
  type IntegrationProperty,
  Integrations,
  MAX_INTEGRATION_TITLE_LENGTH,
  MIN_INTEGRATION_TITLE_LENGTH
} from "@quire/core"
import { Effect, Either, Layer, FastCheck as fc } from "effect"
import { as, newWorld, peopleLayer } from "../support/people.js"

const names = ["a", "b", "c"] as const

const property: fc.Arbitrary<IntegrationProperty> = fc.oneof(
  fc.record({ type: fc.constant("string" as const), enum: fc.option(fc.subarray(["x", "y"], { minLength: 1 }), { nil: undefined }) }).map(
    (p) => (p.enum === undefined ? { type: p.type } : p)
  ),
  fc.constant({ type: "number" as const }),
  fc.constant({ type: "boolean" as const }),
  fc.constant({ type: "button" as const, callback_url: "https://example.com", button_text: "Go" })
)

const schema: fc.Arbitrary<IntegrationConfigurationSchema> = fc.record({
  properties: fc.dictionary(fc.constantFrom(...names), property),
  required: fc.subarray([...names])
})

const value = fc.oneof(fc.string({ maxLength: 2 }), fc.constantFrom("x", "y"), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
const configuration = fc.dictionary(fc.constantFrom(...names, "other"), value)

/** The plain model: what the official configuration schema says a configuration must be. */
const modelAccepts = (s: IntegrationConfigurationSchema, config: Record<string, unknown>): boolean =>
  (s.required ?? []).every((name) => name in config) &&
  Object.entries(config).every(([name, v]) => {
    const p = s.properties[name]
    if (p === undefined || p.type === "button") return true
    if (p.type === "string") return typeof v === "string" && (p.enum === undefined || p.enum.includes(v))
    if (p.type === "number") return typeof v === "number"
    return typeof v === "boolean"
  })

describe("the configuration rule (ajv against the integration's schema)", () => {
  it.prop("accepts exactly what the schema accepts; a refusal names a property under `configuration`", [schema, configuration], ([s, config]) => {
    const problem = configurationProblem(s, config)
    expect(problem === undefined).toBe(modelAccepts(s, config))
    if (problem !== undefined) expect(problem.field).toMatch(/^configuration\.(a|b|c)$/)
  })

  it.prop("a configuration given as a component declares nothing: every object passes", [configuration], ([config]) => {
    expect(configurationProblem({ componentId: "settings" }, config)).toBeUndefined()
    expect(configurationProblem(undefined, config)).toBeUndefined()
  })
})

const layer = Integrations.Default.pipe(Layer.provideMerge(peopleLayer))

describe("the version rule", () => {
  it.effect.prop(
    "each accepted publish increments the version by one; a refused one leaves it",
    [fc.array(fc.integer({ min: 0, max: MAX_INTEGRATION_TITLE_LENGTH + 3 }), { minLength: 1, maxLength: 6 })],
    ([titleLengths]) =>
      Effect.gen(function* () {
        const w = yield* newWorld
        const integrations = yield* Integrations
        let version = 0
        for (const length of titleLengths) {
          const publish = as(w.admin)(
            integrations.publish("versioned", {
              title: "t".repeat(length),
              description: "d",
              script: "s",
              organization: w.org,
              scopes: []
            })
          )
          const answer = yield* Effect.either(publish)
          const valid = length >= MIN_INTEGRATION_TITLE_LENGTH && length <= MAX_INTEGRATION_TITLE_LENGTH
          expect(Either.isRight(answer)).toBe(valid)
          if (valid) version++
          if (version > 0) expect((yield* as(w.admin)(integrations.get("versioned"))).version).toBe(version)
        }
      }).pipe(Effect.provide(layer)),
    { fastCheck: { numRuns: 15 } }
  )
})
