import { SqlClient } from "@effect/sql/SqlClient"
import {
  type CustomFieldId,
  type CustomFieldRecord,
  CustomFieldRepository,
  type CustomFieldType,
  type CustomFieldValueData,
  type OrganizationId,
  type SpaceId
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

const FIELD_KEY = ["f.name"]
const FIELD_COLUMNS =
  "f.id, f.organization_id, f.name, f.type, f.title, f.description, f.placeholder, f.options, f.created_at, f.updated_at"

interface FieldData {
  readonly id: string
  readonly organizationId: string
  readonly name: string
  readonly type: string
  readonly title: string | null
  readonly description: string | null
  readonly placeholder: string | null
  readonly options: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

const toField = (row: FieldData): CustomFieldRecord => ({
  id: row.id as CustomFieldId,
  organizationId: row.organizationId as OrganizationId,
  name: row.name,
  type: row.type as CustomFieldType,
  title: row.title,
  description: row.description,
  placeholder: row.placeholder,
  options: row.options === null ? null : (JSON.parse(row.options) as Array<string>),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

const fromField = (field: CustomFieldRecord) => ({
  id: field.id,
  organizationId: field.organizationId,
  name: field.name,
  type: field.type,
  title: field.title,
  description: field.description,
  placeholder: field.placeholder,
  options: field.options === null ? null : JSON.stringify(field.options),
  createdAt: field.createdAt,
  updatedAt: field.updatedAt
})

const parseValue = (text: string) => JSON.parse(text) as CustomFieldValueData

export const makeSqlCustomFieldRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(FIELD_COLUMNS)

  const findWhere = (organizationId: OrganizationId, name: string) =>
    read(sql<FieldData>`SELECT ${columns} FROM custom_fields f
      WHERE f.organization_id = ${organizationId} AND f.name = ${name}`)

  return CustomFieldRepository.of({
    insert: (field) => sql`INSERT INTO custom_fields ${sql.insert(fromField(field))}`.pipe(Effect.asVoid, Effect.orDie),
    update: (field) => {
      const { id: _, ...rest } = fromField(field)
      return sql`UPDATE custom_fields SET ${sql.update(rest)} WHERE id = ${field.id}`.pipe(Effect.asVoid, Effect.orDie)
    },
    delete: (id) =>
      // Explicit as well as cascaded: a connection without foreign keys enforced still loses the values.
      Effect.zipRight(
        sql`DELETE FROM custom_field_values WHERE field_id = ${id}`,
        sql`DELETE FROM custom_fields WHERE id = ${id}`
      ).pipe(Effect.asVoid, Effect.orDie),
    findByName: (organizationId, name) =>
      findWhere(organizationId, name).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toField)),
        Effect.orDie
      ),
    findByNames: (organizationId, names) =>
      names.length === 0
        ? Effect.succeed([])
        : read(sql<FieldData>`SELECT ${columns} FROM custom_fields f
            WHERE f.organization_id = ${organizationId} AND f.name IN ${sql.in(names)}`).pipe(
            Effect.map((rows) => rows.map(toField)),
            Effect.orDie
          ),
    list: (organizationId, keyset) =>
      Effect.gen(function* () {
        const where = sql`f.organization_id = ${organizationId}`
        const rows = yield* read(sql<FieldData>`SELECT ${columns} FROM custom_fields f
          WHERE ${sql.and([where, afterCursor(sql, FIELD_KEY, keyset)])}
          ORDER BY ${orderBy(sql, FIELD_KEY)} ${pageLimit(sql, keyset)}`)
        const count = yield* read(
          sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM custom_fields f WHERE ${where}`
        )
        return { rows: rows.map(toField), count: toCount(count) }
      }).pipe(Effect.orDie),
    valuesOfField: (id) =>
      read(sql<{ spaceId: string; fieldId: string; value: string }>`SELECT space_id, field_id, value
        FROM custom_field_values WHERE field_id = ${id}`).pipe(
        Effect.map((rows) =>
          rows.map((row) => ({ spaceId: row.spaceId as SpaceId, fieldId: row.fieldId as CustomFieldId, value: parseValue(row.value) }))
        ),
        Effect.orDie
      ),
    spaceValues: (spaceId) =>
      read(sql<FieldData & { readonly value: string }>`SELECT ${columns}, v.value AS value
        FROM custom_field_values v JOIN custom_fields f ON f.id = v.field_id
        WHERE v.space_id = ${spaceId}
        ORDER BY ${orderBy(sql, FIELD_KEY)}`).pipe(
        Effect.map((rows) => rows.map((row) => ({ field: toField(row), value: parseValue(row.value) }))),
        Effect.orDie
      ),
    setValue: (value) =>
      sql`INSERT INTO custom_field_values (space_id, field_id, value)
        VALUES (${value.spaceId}, ${value.fieldId}, ${JSON.stringify(value.value)})
        ON CONFLICT (space_id, field_id) DO UPDATE SET value = excluded.value`.pipe(Effect.asVoid, Effect.orDie),
    deleteValue: (spaceId, fieldId) =>
      sql`DELETE FROM custom_field_values WHERE space_id = ${spaceId} AND field_id = ${fieldId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    replaceSpaceValues: (spaceId, values) =>
      Effect.zipRight(
        sql`DELETE FROM custom_field_values WHERE space_id = ${spaceId}`,
        values.length === 0
          ? Effect.void
          : Effect.asVoid(
              sql`INSERT INTO custom_field_values ${sql.insert(
                values.map((v) => ({ spaceId, fieldId: v.fieldId, value: JSON.stringify(v.value) }))
              )}`
            )
      ).pipe(Effect.asVoid, Effect.orDie)
  })
})

export const SqlCustomFieldRepository = { layer: Layer.effect(CustomFieldRepository, makeSqlCustomFieldRepository) }
