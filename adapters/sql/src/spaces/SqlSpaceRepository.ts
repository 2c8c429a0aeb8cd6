import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import {
  type CollectionId,
  type DefaultLevel,
  type SpaceEditMode,
  type OrganizationId,
  type ResolvedLevel,
  type RevisionId,
  type SpaceId,
  type SpaceRecord,
  SpaceRepository,
  type SpaceVisibility
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { countColumn, countOfPage } from "../shared/countColumn.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { MEMBER_COLUMNS, type MemberData, toMemberRecord } from "../members/memberColumns.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

interface SpaceRow {
  readonly id: string
  readonly organizationId: string
  readonly parentId: string | null
  readonly title: string
  readonly emoji: string
  readonly visibility: string
  readonly editMode: string
  readonly defaultLevel: string | null
  readonly resolvedLevel: string
  readonly revisionId: string
  readonly position: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly deletedAt: string | null
}

/** The space of `row`, in the organization given (a join names the space's own column apart). */
const spaceRecord = (row: SpaceRow, organizationId: string): SpaceRecord => ({
  id: row.id as SpaceId,
  organizationId: organizationId as OrganizationId,
  parentId: row.parentId as CollectionId | null,
  title: row.title,
  emoji: row.emoji,
  visibility: row.visibility as SpaceVisibility,
  editMode: row.editMode as SpaceEditMode,
  defaultLevel: row.defaultLevel as DefaultLevel,
  resolvedLevel: row.resolvedLevel as ResolvedLevel,
  revisionId: row.revisionId as RevisionId,
  position: row.position,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  deletedAt: row.deletedAt
})

const toSpaceRecord = (row: SpaceRow): SpaceRecord => spaceRecord(row, row.organizationId)

const toRow = (s: SpaceRecord) => ({
  id: s.id,
  organizationId: s.organizationId,
  parentId: s.parentId,
  title: s.title,
  emoji: s.emoji,
  visibility: s.visibility,
  editMode: s.editMode,
  defaultLevel: s.defaultLevel,
  resolvedLevel: s.resolvedLevel,
  revisionId: s.revisionId,
  position: s.position,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  deletedAt: s.deletedAt
})

const COLUMNS = `id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level,
  resolved_level, revision_id, position, created_at, updated_at, deleted_at`
const KEY = ["created_at", "id"]

/** Space columns (organization as `space_organization_id`) beside the membership's, for the access lookup. */
const SPACE_WITH_MEMBER_COLUMNS = `s.id, s.organization_id AS space_organization_id, s.parent_id, s.title, s.emoji,
  s.visibility, s.edit_mode, s.default_level, s.resolved_level, s.revision_id, s.position, s.created_at,
  s.updated_at, s.deleted_at, m.user_id AS member_user_id, ${MEMBER_COLUMNS}`

export const makeSqlSpaceRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(COLUMNS)
  const spaceWithMemberColumns = sql.literal(SPACE_WITH_MEMBER_COLUMNS)
  const spacesTable = sql.literal("spaces")

  /** Spaces of the organization that are not deleted (the partial indexes' condition). */
  const live = (organizationId: OrganizationId, visibleOnly: boolean): Array<Fragment> => [
    sql`organization_id = ${organizationId}`,
    sql`deleted_at IS NULL`,
    ...(visibleOnly ? [sql`resolved_level <> 'none'`] : [])
  ]

  const count = (where: ReadonlyArray<Fragment>) =>
    Effect.map(
      read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM spaces WHERE ${sql.and(where)}`),
      toCount
    )

  return SpaceRepository.of({
    insert: (space) => sql`INSERT INTO spaces ${sql.insert(toRow(space))}`.pipe(Effect.asVoid, Effect.orDie),
    update: (space) => {
      const { id: _, ...changes } = toRow(space)
      return sql`UPDATE spaces SET ${sql.update(changes)} WHERE id = ${space.id}`.pipe(Effect.asVoid, Effect.orDie)
    },
    // What the space owns goes with it: foreign keys ON DELETE CASCADE (migration 0006).
    purge: (id) => sql`DELETE FROM spaces WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    findById: (id) =>
      sql<SpaceRow>`SELECT ${columns} FROM spaces WHERE id = ${id}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toSpaceRecord)),
        Effect.orDie
      ),
    findWithMembership: (id, userId) =>
      sql<SpaceRow & MemberData & { readonly spaceOrganizationId: string; readonly memberUserId: string | null }>`SELECT ${spaceWithMemberColumns}
        FROM spaces s LEFT JOIN members m ON m.organization_id = s.organization_id AND m.user_id = ${userId}
        WHERE s.id = ${id}`.pipe(
        read,
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (row) => ({
            space: spaceRecord(row, row.spaceOrganizationId),
            member: row.memberUserId === null ? Option.none() : Option.some(toMemberRecord(row))
          }))
        ),
        Effect.orDie
      ),
    lastPosition: (organizationId, parentId) =>
      sql<{ position: string | null }>`SELECT MAX(position) AS position FROM spaces
        WHERE ${sql.and([
          ...live(organizationId, false),
          parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`
        ])}`.pipe(
        read,
        Effect.map((rows) => Option.fromNullable(rows[0]?.position)),
        Effect.orDie
      ),
    children: (organizationId, parentId) =>
      sql<SpaceRow>`SELECT ${columns} FROM spaces
        WHERE ${sql.and([
          ...live(organizationId, false),
          parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`
        ])}
        ORDER BY position, id`.pipe(read, Effect.map((rows) => rows.map(toSpaceRecord)), Effect.orDie),
    list: (organizationId, query, keyset) =>
      Effect.gen(function* () {
        const where = [
          ...live(organizationId, query.visibleOnly),
          ...(query.parentId === undefined ? [] : [sql`parent_id = ${query.parentId}`])
        ]
        const rows = yield* read(sql<SpaceRow & { readonly totalCount: unknown }>`SELECT ${columns},
          ${countColumn(sql, spacesTable, where)} FROM spaces
          WHERE ${sql.and([...where, afterCursor(sql, KEY, keyset, query.order)])}
          ORDER BY ${orderBy(sql, KEY, query.order)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toSpaceRecord), count: yield* countOfPage(rows, keyset, count(where)) }
      }).pipe(Effect.orDie),
    count: (organizationId, visibleOnly) => count(live(organizationId, visibleOnly)).pipe(Effect.orDie),
    all: (organizationId, visibleOnly) =>
      read(sql<SpaceRow>`SELECT ${columns} FROM spaces WHERE ${sql.and(live(organizationId, visibleOnly))}`).pipe(
        Effect.map((rows) => rows.map(toSpaceRecord)),
        Effect.orDie
      ),
    listExpired: (deletedBefore, limit) =>
      sql<{ id: string }>`SELECT id FROM spaces
        WHERE deleted_at IS NOT NULL AND deleted_at <= ${deletedBefore}
        ORDER BY deleted_at, id LIMIT ${limit}`.pipe(
        read,
        Effect.map((rows) => rows.map((row) => row.id as SpaceId)),
        Effect.orDie
      )
  })
})

export const SqlSpaceRepository = { layer: Layer.effect(SpaceRepository, makeSqlSpaceRepository) }
