import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * An organization's custom fields and the spaces' values of them. A field's name is unique in
 * its organization and lists walk them by name. A value is JSON text (a string, a number, a
 * boolean or an array of strings); it goes with its space (the purge is one DELETE FROM spaces)
 * and with its field (deleting a field removes its value in every space).
 */
export const customFields = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE custom_fields (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL REFERENCES organizations (id),
    name ${text} NOT NULL,
    type ${text} NOT NULL,
    title ${text},
    description ${text},
    placeholder ${text},
    options ${text},
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL,
    UNIQUE (organization_id, name)
  )`

  yield* sql`CREATE TABLE custom_field_values (
    space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    field_id ${text} NOT NULL REFERENCES custom_fields (id) ON DELETE CASCADE,
    value ${text} NOT NULL,
    PRIMARY KEY (space_id, field_id)
  )`
  yield* sql`CREATE INDEX custom_field_values_by_field ON custom_field_values (field_id)`
})
