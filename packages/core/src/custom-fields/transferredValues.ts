import type { CustomFieldId } from "../shared/ids.js"
import type {
  CustomFieldRecord,
  CustomFieldValueData,
  SpaceCustomFieldValue
} from "../storage/custom-fields/CustomFieldRecord.js"
import { isValueOf } from "./valueRule.js"

/**
 * The values a space keeps when it moves to another organization: a value stays when the
 * target has a field of the same name and the value is valid for that field's definition (its
 * type and options there); it is then the target field's value. Any other value is dropped.
 */
export const transferredValues = (
  values: ReadonlyArray<SpaceCustomFieldValue>,
  targetFields: ReadonlyArray<CustomFieldRecord>
): Array<{ readonly fieldId: CustomFieldId; readonly value: CustomFieldValueData }> => {
  const byName = new Map(targetFields.map((field) => [field.name, field]))
  return values.flatMap(({ field, value }) => {
    const target = byName.get(field.name)
    return target !== undefined && isValueOf(target, value) ? [{ fieldId: target.id, value }] : []
  })
}
