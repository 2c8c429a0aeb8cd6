import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { type TeamId, type TeamMemberRole, type TeamQuery, TeamRepository, type UserId } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { MEMBER_ROW_COLUMNS, type MemberRowData, toMemberRow } from "../members/memberColumns.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { contains, foldCase, toCount } from "../shared/values.js"
import { TEAM_ROW_COLUMNS, type TeamRowData, toTeamRow } from "./teamColumns.js"
import { SqlReader } from "../shared/SqlReader.js"

const TEAM_KEY = ["t.created_at", "t.id"]
const MEMBER_KEY = ["tm.user_id"]

interface TeamMemberData {
  readonly teamId: string
  readonly userId: string
  readonly role: string
}

const toTeamMemberRecord = (row: TeamMemberData) => ({
  teamId: row.teamId as TeamId,
  userId: row.userId as UserId,
  role: row.role as TeamMemberRole
})

export const makeSqlTeamRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const rowColumns = sql.literal(TEAM_ROW_COLUMNS)

  const filters = (query: TeamQuery): Array<Fragment> => {
    const clauses: Array<Fragment> = []
    if (query.title !== undefined) clauses.push(contains(sql, "t.title_key", foldCase(query.title)))
    if (query.owner !== undefined) {
      clauses.push(sql`EXISTS (SELECT 1 FROM team_members o
        WHERE o.team_id = t.id AND o.user_id = ${query.owner} AND o.role = 'owner')`)
    }
    return clauses
  }

  const count = (from: Fragment, where: ReadonlyArray<Fragment>) =>
    Effect.map(
      read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${from} WHERE ${sql.and(where)}`),
      toCount
    )

  return TeamRepository.of({
    insert: (team) =>
      sql`INSERT INTO teams ${sql.insert({
        id: team.id,
        organizationId: team.organizationId,
        title: team.title,
        titleKey: foldCase(team.title),
        createdAt: team.createdAt
      })}`.pipe(Effect.asVoid, Effect.orDie),
    update: (team) =>
      sql`UPDATE teams SET ${sql.update({
        organizationId: team.organizationId,
        title: team.title,
        titleKey: foldCase(team.title),
        createdAt: team.createdAt
      })} WHERE id = ${team.id}`.pipe(Effect.asVoid, Effect.orDie),
    delete: (id) =>
      sql
        .withTransaction(
          Effect.zipRight(
            sql`DELETE FROM team_members WHERE team_id = ${id}`,
            sql`DELETE FROM teams WHERE id = ${id}`
          )
        )
        .pipe(Effect.asVoid, Effect.orDie),
    find: (organizationId, id) =>
      sql<TeamRowData>`SELECT ${rowColumns} FROM teams t
        WHERE t.id = ${id} AND t.organization_id = ${organizationId}`.pipe(
          read,
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toTeamRow)),
        Effect.orDie
      ),
    list: (organizationId, query, keyset) =>
      Effect.gen(function* () {
        const where = [sql`t.organization_id = ${organizationId}`, ...filters(query)]
        const rows = yield* read(sql<TeamRowData>`SELECT ${rowColumns} FROM teams t
          WHERE ${sql.and([...where, afterCursor(sql, TEAM_KEY, keyset)])}
          ORDER BY ${orderBy(sql, TEAM_KEY)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toTeamRow), count: yield* count(sql`teams t`, where) }
      }).pipe(Effect.orDie),
    listForUser: (organizationId, userId, query, keyset) =>
      Effect.gen(function* () {
        const from = sql`teams t JOIN team_members tm ON tm.team_id = t.id AND tm.user_id = ${userId}`
        const where = [sql`t.organization_id = ${organizationId}`, ...filters(query)]
        const rows = yield* read(sql<TeamRowData & { readonly memberRole: string }>`
          SELECT ${rowColumns}, tm.role AS member_role FROM ${from}
          WHERE ${sql.and([...where, afterCursor(sql, TEAM_KEY, keyset)])}
          ORDER BY ${orderBy(sql, TEAM_KEY)} ${pageLimit(sql, keyset)}`)
        return {
          rows: rows.map((row) => ({ row: toTeamRow(row), role: row.memberRole as TeamMemberRole })),
          count: yield* count(from, where)
        }
      }).pipe(Effect.orDie),
    ownsAny: (organizationId, userId) =>
      sql<{ one: unknown }>`SELECT 1 AS one FROM team_members tm JOIN teams t ON t.id = tm.team_id
        WHERE tm.user_id = ${userId} AND tm.role = 'owner' AND t.organization_id = ${organizationId}
        LIMIT 1`.pipe(
        read,
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    findMember: (teamId, userId) =>
      sql<TeamMemberData>`SELECT team_id, user_id, role FROM team_members
        WHERE team_id = ${teamId} AND user_id = ${userId}`.pipe(
          read,
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toTeamMemberRecord)),
        Effect.orDie
      ),
    upsertMember: (member) =>
      sql`INSERT INTO team_members (team_id, user_id, role)
        VALUES (${member.teamId}, ${member.userId}, ${member.role})
        ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role`.pipe(Effect.asVoid, Effect.orDie),
    deleteMember: (teamId, userId) =>
      sql`DELETE FROM team_members WHERE team_id = ${teamId} AND user_id = ${userId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    deleteMemberEverywhere: (organizationId, userId) =>
      sql`DELETE FROM team_members WHERE user_id = ${userId}
        AND team_id IN (SELECT id FROM teams WHERE organization_id = ${organizationId})`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    listMembers: (teamId, keyset) =>
      Effect.gen(function* () {
        const from = sql`team_members tm
          JOIN teams t ON t.id = tm.team_id
          JOIN members m ON m.organization_id = t.organization_id AND m.user_id = tm.user_id
          JOIN users u ON u.id = m.user_id`
        const where = [sql`tm.team_id = ${teamId}`]
        const rows = yield* read(sql<MemberRowData & { readonly tmRole: string }>`
          SELECT tm.role AS tm_role, ${sql.literal(MEMBER_ROW_COLUMNS)} FROM ${from}
          WHERE ${sql.and([...where, afterCursor(sql, MEMBER_KEY, keyset)])}
          ORDER BY ${orderBy(sql, MEMBER_KEY)} ${pageLimit(sql, keyset)}`)
        return {
          rows: rows.map((row) => ({
            record: { teamId, userId: row.userId as UserId, role: row.tmRole as TeamMemberRole },
            member: toMemberRow(row)
          })),
          count: yield* count(from, where)
        }
      }).pipe(Effect.orDie)
  })
})

export const SqlTeamRepository = { layer: Layer.effect(TeamRepository, makeSqlTeamRepository) }
