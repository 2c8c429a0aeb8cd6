import type { CustomFieldId, CustomFieldRecord, CustomFieldValueRecord } from "@quire/core"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

export const customFieldsTable = table<CustomFieldId, CustomFieldRecord>("customFields")

/** Keyed by `pairKey(spaceId, fieldId)`: a space's values go with the space (its field's delete removes them too). */
export const customFieldValuesTable = table<string, CustomFieldValueRecord>("customFieldValues", {
  table: spacesTable,
  key: (v) => v.spaceId
})
