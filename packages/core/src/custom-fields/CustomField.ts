import { Schema } from "effect"
import { CustomFieldId } from "../shared/ids.js"

/** The kinds of value a field takes: the seed names no enum, so Quire's own (docs/api-notes/custom-fields.md). */
export const CustomFieldTypeSchema = Schema.Literal("text", "number", "boolean", "single-select", "multi-select")

export const CustomFieldPermissions = Schema.Struct({
  /** May see the field: every member of the organization. */
  view: Schema.Boolean,
  /** May change or delete the field: the organization's admins. */
  edit: Schema.Boolean
}).annotations({ identifier: "CustomFieldPermissions" })
export interface CustomFieldPermissions extends Schema.Schema.Type<typeof CustomFieldPermissions> {}

/** A custom field of an organization (the seed's "Custom field"). */
export const CustomField = Schema.Struct({
  object: Schema.Literal("custom-field"),
  id: CustomFieldId,
  name: Schema.String,
  title: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  type: CustomFieldTypeSchema,
  placeholder: Schema.optional(Schema.String),
  options: Schema.optional(Schema.Array(Schema.String)),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  urls: Schema.Struct({ location: Schema.String }),
  permissions: CustomFieldPermissions
}).annotations({ identifier: "CustomField" })
export interface CustomField extends Schema.Schema.Type<typeof CustomField> {}

/** A value as a space holds it: text, a number, a boolean, or the chosen options. */
export const CustomFieldValueJson = Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Array(Schema.String))

/** One field's value in a space (the seed's `CustomFieldValue`). */
export const CustomFieldValue = Schema.Struct({
  customField: CustomField,
  value: CustomFieldValueJson
}).annotations({ identifier: "CustomFieldValue" })
export interface CustomFieldValue extends Schema.Schema.Type<typeof CustomFieldValue> {}
