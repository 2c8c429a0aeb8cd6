import { Ajv, type ErrorObject } from "ajv"
import { Effect } from "effect"
import { InvalidInput } from "../shared/errors.js"
import type { IntegrationConfiguration } from "./definition.js"

/** A configuration's JSON text, in UTF-8 bytes, at most. */
export const MAX_CONFIGURATION_BYTES = 64 * 1024

/**
 * The JSON Schema an integration's configuration (official `IntegrationConfigurationSchema`)
 * stands for: an object whose properties have their declared type (and `enum`, for strings),
 * with the `required` ones present. A `button` property holds no value, so any is accepted;
 * other keys are accepted (an integration stores its own state there). A configuration given
 * as a ContentKit component (`componentId`) declares nothing to check: every object passes.
 */
export const configurationJsonSchema = (configuration: IntegrationConfiguration | undefined): object => {
  if (configuration === undefined || !("properties" in configuration)) return { type: "object" }
  const properties: Record<string, object> = {}
  for (const [name, property] of Object.entries(configuration.properties)) {
    properties[name] =
      property.type === "button"
        ? {}
        : property.type === "string" && property.enum !== undefined
          ? { type: "string", enum: property.enum }
          : { type: property.type }
  }
  return { type: "object", properties, required: configuration.required ?? [] }
}

let validator: Ajv | undefined
const ajv = (): Ajv => (validator ??= new Ajv({ allErrors: false, strict: false }))

const fieldOf = (field: string, error: ErrorObject): string => {
  const path = error.instancePath
    .split("/")
    .slice(1)
    .map((token) => "." + token.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join("")
  const missing = error.keyword === "required" ? `.${String((error.params as { missingProperty?: string }).missingProperty)}` : ""
  return field + path + missing
}

/** Why `value` breaks the configuration's schema (a field and a rule), or undefined when it conforms. */
export const configurationProblem = (
  configuration: IntegrationConfiguration | undefined,
  value: unknown,
  field = "configuration"
): InvalidInput | undefined => {
  const schema = configurationJsonSchema(configuration)
  const instance = ajv()
  const check = instance.compile(schema)
  const ok = check(value)
  const first = check.errors?.[0]
  // Compiled schemas are cached by object: forget this one, or every check would stay in memory.
  instance.removeSchema(schema)
  if (ok) return undefined
  return InvalidInput.of(first === undefined ? field : fieldOf(field, first), first?.message ?? "does not match the integration's configuration schema")
}

/** Checks a configuration against the integration's schema (with `ajv`); an `InvalidInput` names the property. */
export const checkConfiguration = (
  configuration: IntegrationConfiguration | undefined,
  value: unknown,
  field = "configuration"
): Effect.Effect<void, InvalidInput> =>
  Effect.suspend(() => {
    if (new TextEncoder().encode(JSON.stringify(value) ?? "").length > MAX_CONFIGURATION_BYTES)
      return Effect.fail(InvalidInput.of(field, `must be at most ${MAX_CONFIGURATION_BYTES} bytes of JSON`))
    const problem = configurationProblem(configuration, value, field)
    return problem === undefined ? Effect.void : Effect.fail(problem)
  })
