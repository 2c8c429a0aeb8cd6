import type { CustomFieldId, OrganizationId, SpaceId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** The kinds of value a custom field takes (the seed does not list them; see docs/api-notes/custom-fields.md). */
export type CustomFieldType = "text" | "number" | "boolean" | "single-select" | "multi-select"

/** A value of a custom field in a space, as kept: the JSON value the API takes and gives. */
export type CustomFieldValueData = string | number | boolean | ReadonlyArray<string>

/** A custom field of an organization. `name` is its key in the API and never changes. */
export interface CustomFieldRecord {
  readonly id: CustomFieldId
  readonly organizationId: OrganizationId
  readonly name: string
  readonly type: CustomFieldType
  readonly title: string | null
  readonly description: string | null
  readonly placeholder: string | null
  /** The choices of a select field; null for the other types. */
  readonly options: ReadonlyArray<string> | null
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

/** One space's value of one field. */
export interface CustomFieldValueRecord {
  readonly spaceId: SpaceId
  readonly fieldId: CustomFieldId
  readonly value: CustomFieldValueData
}

/** A space's value with its field, as a space's listing needs it. */
export interface SpaceCustomFieldValue {
  readonly field: CustomFieldRecord
  readonly value: CustomFieldValueData
}
