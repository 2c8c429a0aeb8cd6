import { SqlClient } from "@effect/sql/SqlClient"
import { type InviteId, type InviteRecord, InviteRepository, type MemberRoleOrGuest, type OrganizationId } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { toCount } from "../shared/values.js"
import { SqlReader } from "../shared/SqlReader.js"

interface InviteRow {
  readonly id: string
  readonly organizationId: string
  readonly role: string | null
  readonly createdAt: string
}

const toInviteRecord = (row: InviteRow): InviteRecord => ({
  id: row.id as InviteId,
  organizationId: row.organizationId as OrganizationId,
  role: row.role as MemberRoleOrGuest,
  createdAt: row.createdAt
})

const COLUMNS = "id, organization_id, role, created_at"
const KEY = ["created_at", "id"]

export const makeSqlInviteRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(COLUMNS)
  return InviteRepository.of({
    insert: (invite) =>
      sql`INSERT INTO invites ${sql.insert({
        id: invite.id,
        organizationId: invite.organizationId,
        role: invite.role,
        createdAt: invite.createdAt
      })}`.pipe(Effect.asVoid, Effect.orDie),
    update: (invite) =>
      sql`UPDATE invites SET ${sql.update({ role: invite.role, createdAt: invite.createdAt })}
        WHERE id = ${invite.id} AND organization_id = ${invite.organizationId}`.pipe(Effect.asVoid, Effect.orDie),
    delete: (organizationId, id) =>
      sql`DELETE FROM invites WHERE id = ${id} AND organization_id = ${organizationId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    find: (organizationId, id) =>
      sql<InviteRow>`SELECT ${columns} FROM invites WHERE id = ${id} AND organization_id = ${organizationId}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toInviteRecord)),
        Effect.orDie
      ),
    list: (organizationId, keyset) =>
      Effect.gen(function* () {
        const rows = yield* read(sql<InviteRow>`SELECT ${columns} FROM invites
          WHERE organization_id = ${organizationId} AND ${afterCursor(sql, KEY, keyset)}
          ORDER BY ${orderBy(sql, KEY)} ${pageLimit(sql, keyset)}`)
        const count = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM invites
          WHERE organization_id = ${organizationId}`)
        return { rows: rows.map(toInviteRecord), count: toCount(count) }
      }).pipe(Effect.orDie)
  })
})

export const SqlInviteRepository = { layer: Layer.effect(InviteRepository, makeSqlInviteRepository) }
