import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import {
  type CollectionId,
  type CollectionQuery,
  type CollectionRecord,
  CollectionRepository,
  type DefaultLevel,
  type OrganizationId,
  type ResolvedLevel
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { toCount } from "../shared/values.js"
import { SqlReader } from "../shared/SqlReader.js"

interface CollectionRow {
  readonly id: string
  readonly organizationId: string
  readonly parentId: string | null
  readonly title: string
  readonly description: string | null
  readonly defaultLevel: string | null
  readonly resolvedLevel: string
  readonly position: string
  readonly createdAt: string
  readonly updatedAt: string
}

const toCollectionRecord = (row: CollectionRow): CollectionRecord => ({
  id: row.id as CollectionId,
  organizationId: row.organizationId as OrganizationId,
  parentId: row.parentId as CollectionId | null,
  title: row.title,
  description: row.description,
  defaultLevel: row.defaultLevel as DefaultLevel,
  resolvedLevel: row.resolvedLevel as ResolvedLevel,
  position: row.position,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

const toRow = (c: CollectionRecord) => ({
  id: c.id,
  organizationId: c.organizationId,
  parentId: c.parentId,
  title: c.title,
  description: c.description,
  defaultLevel: c.defaultLevel,
  resolvedLevel: c.resolvedLevel,
  position: c.position,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt
})

const COLUMNS =
  "id, organization_id, parent_id, title, description, default_level, resolved_level, position, created_at, updated_at"
const KEY = ["created_at", "id"]

export const makeSqlCollectionRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(COLUMNS)

  const filters = (organizationId: OrganizationId, query: CollectionQuery): Array<Fragment> => [
    sql`organization_id = ${organizationId}`,
    ...(query.nested ? [] : [sql`parent_id IS NULL`]),
    ...(query.visibleOnly ? [sql`resolved_level <> 'none'`] : [])
  ]

  return CollectionRepository.of({
    insert: (collection) =>
      sql`INSERT INTO collections ${sql.insert(toRow(collection))}`.pipe(Effect.asVoid, Effect.orDie),
    update: (collection) => {
      const { id: _, ...changes } = toRow(collection)
      return sql`UPDATE collections SET ${sql.update(changes)} WHERE id = ${collection.id}`.pipe(
        Effect.asVoid,
        Effect.orDie
      )
    },
    delete: (id) => sql`DELETE FROM collections WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    findById: (id) =>
      sql<CollectionRow>`SELECT ${columns} FROM collections WHERE id = ${id}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toCollectionRecord)),
        Effect.orDie
      ),
    children: (organizationId, parentId) =>
      sql<CollectionRow>`SELECT ${columns} FROM collections
        WHERE organization_id = ${organizationId}
          AND ${parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`}
        ORDER BY position, id`.pipe(read, Effect.map((rows) => rows.map(toCollectionRecord)), Effect.orDie),
    lastPosition: (organizationId, parentId) =>
      sql<{ position: string | null }>`SELECT MAX(position) AS position FROM collections
        WHERE organization_id = ${organizationId}
          AND ${parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`}`.pipe(
            read,
            Effect.map((rows) => Option.fromNullable(rows[0]?.position)),
        Effect.orDie
      ),
    list: (organizationId, query, keyset) =>
      Effect.gen(function* () {
        const where = filters(organizationId, query)
        const rows = yield* read(sql<CollectionRow>`SELECT ${columns} FROM collections
          WHERE ${sql.and([...where, afterCursor(sql, KEY, keyset)])}
          ORDER BY ${orderBy(sql, KEY)} ${pageLimit(sql, keyset)}`)
        const count = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM collections
          WHERE ${sql.and(where)}`)
        return { rows: rows.map(toCollectionRecord), count: toCount(count) }
      }).pipe(Effect.orDie)
  })
})

export const SqlCollectionRepository = { layer: Layer.effect(CollectionRepository, makeSqlCollectionRepository) }
