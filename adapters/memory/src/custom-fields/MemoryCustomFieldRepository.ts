import { type CustomFieldRecord, type CustomFieldRepository, customFieldSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { insertNew, pairKey, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import { sliceBy, sortedBy } from "../shared/sorting.js"
import type { Tables } from "../shared/Tables.js"
import { customFieldsTable, customFieldValuesTable } from "./customFieldTables.js"

const fieldsOf = (t: Tables, organizationId: string): Array<CustomFieldRecord> =>
  rowsOf(t.rows(customFieldsTable)).filter((field) => field.organizationId === organizationId)

export const makeMemoryCustomFieldRepository = (store: MemoryStore): Context.Tag.Service<typeof CustomFieldRepository> => ({
  insert: (field) => store.write((t) => t.update(customFieldsTable, (rows) => insertNew(rows, field.id, field, "custom field"))),
  update: (field) => store.write((t) => t.update(customFieldsTable, (rows) => replaceExisting(rows, field.id, field))),
  delete: (id) =>
    store.write((t) =>
      t
        .update(customFieldsTable, (rows) => HashMap.remove(rows, id))
        .update(customFieldValuesTable, (rows) => HashMap.filter(rows, (v) => v.fieldId !== id))
    ),
  findByName: (organizationId, name) =>
    store.read((t) => Option.fromNullable(fieldsOf(t, organizationId).find((field) => field.name === name))),
  findByNames: (organizationId, names) =>
    store.read((t) => {
      const wanted = new Set(names)
      return fieldsOf(t, organizationId).filter((field) => wanted.has(field.name))
    }),
  list: (organizationId, keyset) => store.read((t) => sliceBy(fieldsOf(t, organizationId), keyset, customFieldSortKey)),
  valuesOfField: (id) => store.read((t) => rowsOf(t.rows(customFieldValuesTable)).filter((v) => v.fieldId === id)),
  spaceValues: (spaceId) =>
    store.read((t) => {
      const fields = t.rows(customFieldsTable)
      const values = rowsOf(t.rows(customFieldValuesTable))
        .filter((v) => v.spaceId === spaceId)
        .flatMap((v) => Option.toArray(Option.map(HashMap.get(fields, v.fieldId), (field) => ({ field, value: v.value }))))
      return sortedBy(values, (v) => customFieldSortKey(v.field))
    }),
  setValue: (value) =>
    store.write((t) => t.update(customFieldValuesTable, (rows) => HashMap.set(rows, pairKey(value.spaceId, value.fieldId), value))),
  deleteValue: (spaceId, fieldId) =>
    store.write((t) => t.update(customFieldValuesTable, (rows) => HashMap.remove(rows, pairKey(spaceId, fieldId)))),
  replaceSpaceValues: (spaceId, values) =>
    store.write((t) =>
      t.update(customFieldValuesTable, (rows) =>
        values.reduce(
          (kept, v) => HashMap.set(kept, pairKey(spaceId, v.fieldId), { spaceId, fieldId: v.fieldId, value: v.value }),
          HashMap.filter(rows, (v) => v.spaceId !== spaceId)
        )
      )
    )
})
