import { Schema } from "effect"
import { lengthBetween, maxLength } from "../shared/validation.js"
import { CustomFieldTypeSchema } from "./CustomField.js"

/** A field's name: 1 to 50 characters of `a-z`, `0-9`, `_` and `-`. */
export const NAME_MAX = 50
export const NAME_PATTERN = /^[a-z_\-0-9]+$/
export const TITLE_MAX = 100
export const DESCRIPTION_MAX = 200
export const PLACEHOLDER_MAX = 100
/** A select field's choices: 1 to 50 of them, each 1 to 100 characters, none twice. */
export const OPTIONS_MIN = 1
export const OPTIONS_MAX = 50
export const OPTION_MAX = 100
/** The longest text value, in characters (UTF-16 code units, as every length here). */
export const TEXT_VALUE_MAX = 256
/** The most fields one update of a space's values may name. */
export const VALUES_PER_UPDATE_MAX = 100

export const CustomFieldName = lengthBetween(1, NAME_MAX).pipe(
  Schema.filter((name) => NAME_PATTERN.test(name), {
    message: () => "must hold only lowercase letters, digits, '_' and '-'",
    arbitrary: () => (fc) => fc.stringMatching(/^[a-z_\-0-9]{1,50}$/)
  })
)

export const CustomFieldOptions = Schema.Array(lengthBetween(1, OPTION_MAX)).pipe(
  Schema.minItems(OPTIONS_MIN, { message: () => `must hold at least ${OPTIONS_MIN} option` }),
  Schema.maxItems(OPTIONS_MAX, { message: () => `must hold at most ${OPTIONS_MAX} options` }),
  Schema.filter((options) => new Set(options).size === options.length, { message: () => "must not repeat an option" })
)

/**
 * A key the body must not hold: `name` and `type` never change, and a body naming either is
 * refused naming it rather than silently ignored. One schema with an identifier, so the
 * OpenAPI document holds it once.
 */
const Immutable = Schema.Never.annotations({
  message: () => "cannot be changed",
  identifier: "CustomFieldImmutableProperty",
  description: "Cannot be changed: a body holding it is refused."
})

export const CreateCustomFieldInput = Schema.Struct({
  name: CustomFieldName,
  type: CustomFieldTypeSchema,
  title: Schema.optional(maxLength(TITLE_MAX)),
  description: Schema.optional(maxLength(DESCRIPTION_MAX)),
  placeholder: Schema.optional(maxLength(PLACEHOLDER_MAX)),
  /** Required by the select types, refused by the others. */
  options: Schema.optional(CustomFieldOptions)
})
export type CreateCustomFieldInput = typeof CreateCustomFieldInput.Encoded

/** `name` and `type` never change: a body that holds either is refused naming it. */
export const UpdateCustomFieldInput = Schema.Struct({
  title: Schema.optional(maxLength(TITLE_MAX)),
  description: Schema.optional(maxLength(DESCRIPTION_MAX)),
  placeholder: Schema.optional(maxLength(PLACEHOLDER_MAX)),
  options: Schema.optional(CustomFieldOptions),
  name: Schema.optional(Immutable),
  type: Schema.optional(Immutable)
})
export type UpdateCustomFieldInput = typeof UpdateCustomFieldInput.Encoded

/** A value to set, or null to clear the field in the space. Checked against its field by `valueProblem`. */
export const CustomFieldValueInput = Schema.Union(
  maxLength(TEXT_VALUE_MAX),
  Schema.Number,
  Schema.Boolean,
  Schema.Array(maxLength(OPTION_MAX)).pipe(Schema.maxItems(OPTIONS_MAX, { message: () => `must hold at most ${OPTIONS_MAX} options` })),
  Schema.Null
)

export const UpdateSpaceCustomFieldValuesInput = Schema.Struct({
  /** Field name → `{ value }`: all are applied, or none. */
  values: Schema.Record({ key: Schema.String, value: Schema.Struct({ value: CustomFieldValueInput }) }).pipe(
    Schema.filter((values) => Object.keys(values).length <= VALUES_PER_UPDATE_MAX, {
      message: () => `must name at most ${VALUES_PER_UPDATE_MAX} fields`
    })
  )
})
export type UpdateSpaceCustomFieldValuesInput = typeof UpdateSpaceCustomFieldValuesInput.Encoded
