import { SqlClient } from "@effect/sql/SqlClient"
import {
  type MemberRoleOrGuest,
  type OrganizationId,
  type SamlProviderId,
  type SamlProviderRecord,
  SamlRepository,
  type SamlRequestRecord,
  type SsoHandoffRecord,
  type TeamId,
  type Timestamp,
  type UserId
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

const PROVIDER_KEY = ["created_at", "id"]

interface ProviderRow {
  readonly id: string
  readonly organizationId: string
  readonly label: string
  readonly entityId: string | null
  readonly ssoUrl: string | null
  readonly certificate: string | null
  readonly defaultTeamId: string | null
  readonly defaultRole: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

const toProviderRow = (p: SamlProviderRecord): ProviderRow => ({
  id: p.id,
  organizationId: p.organizationId,
  label: p.label,
  entityId: p.entityID,
  ssoUrl: p.ssoURL,
  certificate: p.certificate,
  defaultTeamId: p.defaultTeamId,
  defaultRole: p.defaultRole,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt
})

const fromProviderRow = (row: ProviderRow): SamlProviderRecord => ({
  id: row.id as SamlProviderId,
  organizationId: row.organizationId as OrganizationId,
  label: row.label,
  entityID: row.entityId,
  ssoURL: row.ssoUrl,
  certificate: row.certificate,
  defaultTeamId: row.defaultTeamId as TeamId | null,
  defaultRole: row.defaultRole as MemberRoleOrGuest,
  createdAt: row.createdAt as Timestamp,
  updatedAt: row.updatedAt as Timestamp
})

interface RequestRow {
  readonly id: string
  readonly providerId: string
  readonly returnTo: string | null
  readonly createdAt: string
  readonly expiresAt: string
}

interface HandoffRow {
  readonly codeHash: string
  readonly providerId: string
  readonly organizationId: string
  readonly userId: string
  readonly createdAt: string
  readonly expiresAt: string
}

export const makeSqlSamlRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  return SamlRepository.of({
    insertProvider: (provider) =>
      sql`INSERT INTO saml_providers ${sql.insert({ ...toProviderRow(provider) })}`.pipe(Effect.asVoid, Effect.orDie),
    updateProvider: (provider) => {
      const { id: _id, ...columns } = toProviderRow(provider)
      return sql`UPDATE saml_providers SET ${sql.update({ ...columns })} WHERE id = ${provider.id}`.pipe(
        Effect.asVoid,
        Effect.orDie
      )
    },
    deleteProvider: (organizationId, id) =>
      sql<{ id: string }>`DELETE FROM saml_providers WHERE id = ${id} AND organization_id = ${organizationId} RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    findProvider: (id) =>
      sql<ProviderRow>`SELECT * FROM saml_providers WHERE id = ${id}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), fromProviderRow)),
        Effect.orDie
      ),
    listProviders: (organizationId, keyset) =>
      Effect.gen(function* () {
        const rows = yield* read(sql<ProviderRow>`SELECT * FROM saml_providers
          WHERE organization_id = ${organizationId} AND ${afterCursor(sql, PROVIDER_KEY, keyset)}
          ORDER BY ${orderBy(sql, PROVIDER_KEY)} ${pageLimit(sql, keyset)}`)
        const counted = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count
          FROM saml_providers WHERE organization_id = ${organizationId}`)
        return { rows: rows.map(fromProviderRow), count: toCount(counted) }
      }).pipe(Effect.orDie),
    countProviders: (organizationId) =>
      sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count
        FROM saml_providers WHERE organization_id = ${organizationId}`.pipe(read, Effect.map(toCount), Effect.orDie),
    insertRequest: (request, expiredBefore) =>
      Effect.zipRight(
        sql`DELETE FROM saml_requests WHERE expires_at < ${expiredBefore}`,
        sql`INSERT INTO saml_requests ${sql.insert({ ...request })}`
      ).pipe(Effect.asVoid, Effect.orDie),
    takeRequest: (providerId, id, at) =>
      sql<RequestRow>`DELETE FROM saml_requests WHERE id = ${id} AND provider_id = ${providerId}
        RETURNING id, provider_id, return_to, created_at, expires_at`.pipe(
        Effect.map((rows) =>
          Option.filter(
            Option.map(Option.fromNullable(rows[0]), (row): SamlRequestRecord => ({
              id: row.id,
              providerId: row.providerId as SamlProviderId,
              returnTo: row.returnTo,
              createdAt: row.createdAt as Timestamp,
              expiresAt: row.expiresAt as Timestamp
            })),
            (request) => request.expiresAt > at
          )
        ),
        Effect.orDie
      ),
    insertHandoff: (handoff, expiredBefore) =>
      Effect.zipRight(
        sql`DELETE FROM sso_handoffs WHERE expires_at < ${expiredBefore}`,
        sql`INSERT INTO sso_handoffs ${sql.insert({ ...handoff })}`
      ).pipe(Effect.asVoid, Effect.orDie),
    takeHandoff: (codeHash, at) =>
      sql<HandoffRow>`DELETE FROM sso_handoffs WHERE code_hash = ${codeHash}
        RETURNING code_hash, provider_id, organization_id, user_id, created_at, expires_at`.pipe(
        Effect.map((rows) =>
          Option.filter(
            Option.map(Option.fromNullable(rows[0]), (row): SsoHandoffRecord => ({
              codeHash: row.codeHash,
              providerId: row.providerId as SamlProviderId,
              organizationId: row.organizationId as OrganizationId,
              userId: row.userId as UserId,
              createdAt: row.createdAt as Timestamp,
              expiresAt: row.expiresAt as Timestamp
            })),
            (handoff) => handoff.expiresAt > at
          )
        ),
        Effect.orDie
      )
  })
})

export const SqlSamlRepository = { layer: Layer.effect(SamlRepository, makeSqlSamlRepository) }
