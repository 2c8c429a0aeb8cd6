import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { type MemberQuery, MemberRepository, type MemberSort } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { contains, foldCase, toCount, toInt } from "../shared/values.js"
import { MEMBER_COLUMNS, MEMBER_ROW_COLUMNS, type MemberData, type MemberRowData, toMemberRecord, toMemberRow } from "./memberColumns.js"
import { SqlReader } from "../shared/SqlReader.js"

/** The sort key of each order, matching `memberSortKey` and an index of `members`. */
const SORT_COLUMNS: Record<MemberSort, ReadonlyArray<string>> = {
  joinedAt: ["m.joined_at", "m.user_id"],
  lastSeenAt: ["m.last_seen_at", "m.user_id"],
  name: ["m.name_key", "m.user_id"]
}

export const makeSqlMemberRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const rowColumns = sql.literal(MEMBER_ROW_COLUMNS)

  const filters = (query: MemberQuery): Array<Fragment> => {
    const clauses: Array<Fragment> = []
    if (query.role === "guest") clauses.push(sql`m.role IS NULL`)
    else if (query.role !== undefined) clauses.push(sql`m.role = ${query.role}`)
    if (query.search !== undefined) {
      const part = foldCase(query.search)
      clauses.push(sql.or([contains(sql, "u.name_key", part), contains(sql, "u.email_key", part)]))
    }
    if (query.sort === "lastSeenAt") clauses.push(sql`m.last_seen_at IS NOT NULL`)
    return clauses
  }

  return MemberRepository.of({
    insert: (member) =>
      sql`INSERT INTO members
        (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at, name_key, organization_created_at)
        VALUES (${member.organizationId}, ${member.userId}, ${member.role}, ${toInt(member.disabled)},
          ${toInt(member.sso)}, ${member.joinedAt}, ${member.lastSeenAt},
          (SELECT name_key FROM users WHERE id = ${member.userId}),
          (SELECT created_at FROM organizations WHERE id = ${member.organizationId}))`.pipe(Effect.asVoid, Effect.orDie),
    update: (member) =>
      sql`UPDATE members SET ${sql.update({
        role: member.role,
        disabled: toInt(member.disabled),
        sso: toInt(member.sso),
        joinedAt: member.joinedAt,
        lastSeenAt: member.lastSeenAt
      })} WHERE organization_id = ${member.organizationId} AND user_id = ${member.userId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    delete: (organizationId, userId) =>
      sql`DELETE FROM members WHERE organization_id = ${organizationId} AND user_id = ${userId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    find: (organizationId, userId) =>
      sql<MemberData>`SELECT ${sql.literal(MEMBER_COLUMNS)} FROM members m
        WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}`.pipe(
          read,
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toMemberRecord)),
        Effect.orDie
      ),
    findRow: (organizationId, userId) =>
      sql<MemberRowData>`SELECT ${rowColumns} FROM members m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}`.pipe(
          read,
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toMemberRow)),
        Effect.orDie
      ),
    list: (organizationId, query, keyset) =>
      Effect.gen(function* () {
        const key = SORT_COLUMNS[query.sort]
        const where = [sql`m.organization_id = ${organizationId}`, ...filters(query)]
        const rows = yield* read(sql<MemberRowData>`SELECT ${rowColumns} FROM members m JOIN users u ON u.id = m.user_id
          WHERE ${sql.and([...where, afterCursor(sql, key, keyset, query.order)])}
          ORDER BY ${orderBy(sql, key, query.order)} ${pageLimit(sql, keyset)}`)
        const count = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count
          FROM members m JOIN users u ON u.id = m.user_id WHERE ${sql.and(where)}`)
        return { rows: rows.map(toMemberRow), count: toCount(count) }
      }).pipe(Effect.orDie),
    countAdmins: (organizationId) =>
      sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM members
        WHERE organization_id = ${organizationId} AND role = 'admin'`.pipe(read, Effect.map(toCount), Effect.orDie)
  })
})

export const SqlMemberRepository = { layer: Layer.effect(MemberRepository, makeSqlMemberRepository) }
