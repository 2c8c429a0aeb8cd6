import type { CustomFieldRecord, CustomFieldType, CustomFieldValueData } from "../storage/custom-fields/CustomFieldRecord.js"
import { TEXT_VALUE_MAX } from "./inputs.js"

/** The types whose values are chosen among `options`. */
export const isSelect = (type: CustomFieldType): boolean => type === "single-select" || type === "multi-select"

const isStringArray = (value: unknown): value is ReadonlyArray<string> =>
  Array.isArray(value) && value.every((item) => typeof item === "string")

const choices = (options: ReadonlyArray<string> | null, value: ReadonlyArray<string>): string | undefined => {
  const known = new Set(options ?? [])
  const unknown = value.find((choice) => !known.has(choice))
  if (unknown !== undefined) return `"${unknown}" is not one of the field's options`
  if (new Set(value).size !== value.length) return "must not choose an option twice"
  return undefined
}

/**
 * Why `value` is not a value of the field, or undefined when it is: `text` is a string of at
 * most 256 characters, `number` a finite number, `boolean` a boolean, `single-select` at most
 * one of the options (as an array), `multi-select` some of the options, none twice.
 */
export const valueProblem = (field: Pick<CustomFieldRecord, "type" | "options">, value: unknown): string | undefined => {
  switch (field.type) {
    case "text":
      return typeof value === "string" && value.length <= TEXT_VALUE_MAX
        ? undefined
        : `must be text of at most ${TEXT_VALUE_MAX} characters`
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? undefined : "must be a finite number"
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false"
    case "single-select":
      if (!isStringArray(value) || value.length > 1) return "must be an array of at most one of the field's options"
      return choices(field.options, value)
    case "multi-select":
      if (!isStringArray(value)) return "must be an array of the field's options"
      return choices(field.options, value)
  }
}

export const isValueOf = (field: Pick<CustomFieldRecord, "type" | "options">, value: unknown): value is CustomFieldValueData =>
  valueProblem(field, value) === undefined

/** Why `options` do not suit a field of `type` (select types need them, the others refuse them), or undefined. */
export const optionsProblem = (type: CustomFieldType, options: ReadonlyArray<string> | undefined): string | undefined =>
  isSelect(type)
    ? options === undefined
      ? `is required for a ${type} field`
      : undefined
    : options === undefined
      ? undefined
      : `is only for select fields, not for a ${type} field`
