import { SqlClient } from "@effect/sql/SqlClient"
import { type OrganizationId, type TranslationId, type TranslationRecord, TranslationRepository } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { countColumn, countOfPage } from "../shared/countColumn.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

const TRANSLATION_KEY = ["created_at", "id"]
const COLUMNS = "id, organization_id, title, languages, created_at, updated_at"

interface TranslationRow {
  readonly id: string
  readonly organizationId: string
  readonly title: string
  readonly languages: string
  readonly createdAt: string
  readonly updatedAt: string
}

const toRecord = (row: TranslationRow): TranslationRecord => ({
  id: row.id as TranslationId,
  organizationId: row.organizationId as OrganizationId,
  title: row.title,
  languages: JSON.parse(row.languages) as ReadonlyArray<string>,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

export const makeSqlTranslationRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(COLUMNS)

  return TranslationRepository.of({
    insert: (translation) =>
      sql`INSERT INTO translations ${sql.insert({
        id: translation.id,
        organizationId: translation.organizationId,
        title: translation.title,
        languages: JSON.stringify(translation.languages),
        createdAt: translation.createdAt,
        updatedAt: translation.updatedAt
      })}`.pipe(Effect.asVoid, Effect.orDie),
    update: (translation) =>
      sql`UPDATE translations SET ${sql.update({
        title: translation.title,
        languages: JSON.stringify(translation.languages),
        updatedAt: translation.updatedAt
      })} WHERE id = ${translation.id}`.pipe(Effect.asVoid, Effect.orDie),
    delete: (id) => sql`DELETE FROM translations WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    find: (organizationId, id) =>
      sql<TranslationRow>`SELECT ${columns} FROM translations
        WHERE id = ${id} AND organization_id = ${organizationId}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toRecord)),
        Effect.orDie
      ),
    list: (organizationId, keyset) =>
      Effect.gen(function* () {
        const from = sql`translations`
        const where = [sql`organization_id = ${organizationId}`]
        const rows = yield* read(sql<TranslationRow & { readonly totalCount: unknown }>`
          SELECT ${columns}, ${countColumn(sql, from, where)} FROM ${from}
          WHERE ${sql.and([...where, afterCursor(sql, TRANSLATION_KEY, keyset)])}
          ORDER BY ${orderBy(sql, TRANSLATION_KEY)} ${pageLimit(sql, keyset)}`)
        const count = yield* countOfPage(
          rows,
          keyset,
          Effect.map(read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${from} WHERE ${sql.and(where)}`), toCount)
        )
        return { rows: rows.map(toRecord), count }
      }).pipe(Effect.orDie)
  })
})

export const SqlTranslationRepository = { layer: Layer.effect(TranslationRepository, makeSqlTranslationRepository) }
