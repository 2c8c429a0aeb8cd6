import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import {
  type ChangeRequestContributorRecord,
  type ChangeRequestId,
  type ChangeRequestQuery,
  type ChangeRequestRecord,
  ChangeRequestRepository,
  type ChangeRequestStatus,
  type RevisionId,
  type SpaceId,
  type UserId
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { countColumn, countOfPage } from "../shared/countColumn.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

interface ChangeRequestRow {
  readonly id: string
  readonly spaceId: string
  readonly number: unknown
  readonly status: string
  readonly subject: string
  readonly createdBy: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly revisionId: string
  readonly revisionInitial: string
  readonly revisionMergedAncestor: string | null
  readonly revisionMerged: string | null
  readonly mergedBy: string | null
  readonly mergedAt: string | null
}

const toChangeRequestRecord = (row: ChangeRequestRow): ChangeRequestRecord => ({
  id: row.id as ChangeRequestId,
  spaceId: row.spaceId as SpaceId,
  number: Number(row.number),
  status: row.status as ChangeRequestStatus,
  subject: row.subject,
  createdBy: row.createdBy as UserId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  revisionId: row.revisionId as RevisionId,
  revisionInitial: row.revisionInitial as RevisionId,
  revisionMergedAncestor: row.revisionMergedAncestor as RevisionId | null,
  revisionMerged: row.revisionMerged as RevisionId | null,
  mergedBy: row.mergedBy as UserId | null,
  mergedAt: row.mergedAt
})

const toRow = (c: ChangeRequestRecord) => ({
  id: c.id,
  spaceId: c.spaceId,
  number: c.number,
  status: c.status,
  subject: c.subject,
  createdBy: c.createdBy,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  revisionId: c.revisionId,
  revisionInitial: c.revisionInitial,
  revisionMergedAncestor: c.revisionMergedAncestor,
  revisionMerged: c.revisionMerged,
  mergedBy: c.mergedBy,
  mergedAt: c.mergedAt
})

interface ContributorRow {
  readonly changeRequestId: string
  readonly userId: string
  readonly firstContributedAt: string
  readonly lastContributedAt: string
  readonly contributions: unknown
}

const toContributorRecord = (row: ContributorRow): ChangeRequestContributorRecord => ({
  changeRequestId: row.changeRequestId as ChangeRequestId,
  userId: row.userId as UserId,
  firstContributedAt: row.firstContributedAt,
  lastContributedAt: row.lastContributedAt,
  contributions: Number(row.contributions)
})

const COLUMNS = `id, space_id, number, status, subject, created_by, created_at, updated_at, revision_id,
  revision_initial, revision_merged_ancestor, revision_merged, merged_by, merged_at`
const KEY = ["created_at", "id"]

export const makeSqlChangeRequestRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(COLUMNS)
  const changeRequestsTable = sql.literal("change_requests")

  /** The list's filter: the leading columns of `change_requests_by_created` and `_by_creator`. */
  const matching = (spaceId: SpaceId, query: ChangeRequestQuery): Array<Fragment> => [
    sql`space_id = ${spaceId}`,
    sql`status = ${query.status}`,
    ...(query.createdBy === undefined ? [] : [sql`created_by = ${query.createdBy}`])
  ]

  const count = (where: ReadonlyArray<Fragment>) =>
    Effect.map(
      read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM change_requests WHERE ${sql.and(where)}`),
      toCount
    )

  const one = (rows: ReadonlyArray<ChangeRequestRow>) => Option.map(Option.fromNullable(rows[0]), toChangeRequestRecord)

  return ChangeRequestRepository.of({
    insert: (changeRequest) =>
      sql`INSERT INTO change_requests ${sql.insert(toRow(changeRequest))}`.pipe(Effect.asVoid, Effect.orDie),
    update: (changeRequest) => {
      const { id: _, ...changes } = toRow(changeRequest)
      return sql`UPDATE change_requests SET ${sql.update(changes)} WHERE id = ${changeRequest.id}`.pipe(
        Effect.asVoid,
        Effect.orDie
      )
    },
    findById: (spaceId, id) =>
      sql<ChangeRequestRow>`SELECT ${columns} FROM change_requests WHERE id = ${id} AND space_id = ${spaceId}`.pipe(
        read,
        Effect.map(one),
        Effect.orDie
      ),
    findByMergedRevision: (spaceId, revisionId) =>
      sql<ChangeRequestRow>`SELECT ${columns} FROM change_requests
        WHERE space_id = ${spaceId} AND revision_merged = ${revisionId}`.pipe(read, Effect.map(one), Effect.orDie),
    findByNumber: (spaceId, number) =>
      sql<ChangeRequestRow>`SELECT ${columns} FROM change_requests
        WHERE space_id = ${spaceId} AND number = ${number}`.pipe(read, Effect.map(one), Effect.orDie),
    lastNumber: (spaceId) =>
      sql<{ last: unknown }>`SELECT MAX(number) AS last FROM change_requests WHERE space_id = ${spaceId}`.pipe(
        read,
        Effect.map((rows) => Number(rows[0]?.last ?? 0)),
        Effect.orDie
      ),
    list: (spaceId, query, keyset) =>
      Effect.gen(function* () {
        const where = matching(spaceId, query)
        const rows = yield* read(sql<ChangeRequestRow & { readonly totalCount: unknown }>`SELECT ${columns},
          ${countColumn(sql, changeRequestsTable, where)} FROM change_requests
          WHERE ${sql.and([...where, afterCursor(sql, KEY, keyset, "desc")])}
          ORDER BY ${orderBy(sql, KEY, "desc")} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toChangeRequestRecord), count: yield* countOfPage(rows, keyset, count(where)) }
      }).pipe(Effect.orDie),
    // One statement: a concurrent first write of the same pair finds the row (or, on Postgres,
    // fails to serialize and runs again), never a second row.
    recordContributor: (changeRequestId, userId, at) =>
      sql`INSERT INTO change_request_contributors
          (change_request_id, user_id, first_contributed_at, last_contributed_at, contributions)
        VALUES (${changeRequestId}, ${userId}, ${at}, ${at}, 1)
        ON CONFLICT (change_request_id, user_id) DO UPDATE SET
          contributions = change_request_contributors.contributions + 1,
          last_contributed_at = CASE
            WHEN excluded.last_contributed_at > change_request_contributors.last_contributed_at
            THEN excluded.last_contributed_at
            ELSE change_request_contributors.last_contributed_at
          END`.pipe(Effect.asVoid, Effect.orDie),
    listContributors: (changeRequestId) =>
      sql<ContributorRow>`SELECT change_request_id, user_id, first_contributed_at, last_contributed_at, contributions
        FROM change_request_contributors WHERE change_request_id = ${changeRequestId}
        ORDER BY first_contributed_at, user_id`.pipe(read, Effect.map((rows) => rows.map(toContributorRecord)), Effect.orDie)
  })
})

export const SqlChangeRequestRepository = {
  layer: Layer.effect(ChangeRequestRepository, makeSqlChangeRequestRepository)
}
