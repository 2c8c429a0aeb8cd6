import { SqlClient } from "@effect/sql/SqlClient"
import { type OrganizationRecord, OrganizationRepository } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { toCount } from "../shared/values.js"
import { SqlReader } from "../shared/SqlReader.js"
import {
  type OrganizationRow,
  organizationColumnsOf,
  toOrganizationRecord,
  toOrganizationRow
} from "./organizationColumns.js"

export const makeSqlOrganizationRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(organizationColumnsOf("o"))

  /** The lookup table behind `findByEmailDomain`, rewritten with the record. */
  const writeDomains = (organization: OrganizationRecord) =>
    Effect.gen(function* () {
      yield* sql`DELETE FROM organization_email_domains WHERE organization_id = ${organization.id}`
      const domains = [...new Set(organization.emailDomains)]
      if (domains.length > 0) {
        yield* sql`INSERT INTO organization_email_domains ${sql.insert(
          domains.map((domain) => ({ domain, organizationId: organization.id }))
        )}`
      }
    })

  const one = (rows: ReadonlyArray<OrganizationRow>) => Option.map(Option.fromNullable(rows[0]), toOrganizationRecord)

  return OrganizationRepository.of({
    insert: (organization) =>
      sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`INSERT INTO organizations ${sql.insert(toOrganizationRow(organization))}`
          yield* writeDomains(organization)
          // Memberships made before their organization sort by its creation time once it exists.
          yield* sql`UPDATE members SET organization_created_at = ${organization.createdAt}
            WHERE organization_id = ${organization.id}`
        })
      ).pipe(Effect.orDie),
    update: (organization) =>
      sql.withTransaction(
        Effect.gen(function* () {
          const { id: _, ...changes } = toOrganizationRow(organization)
          const updated = yield* sql<{ id: string }>`UPDATE organizations SET ${sql.update(changes)}
            WHERE id = ${organization.id} RETURNING id`
          if (updated.length === 0) return
          yield* writeDomains(organization)
          yield* sql`UPDATE members SET organization_created_at = ${organization.createdAt}
            WHERE organization_id = ${organization.id}
              AND (organization_created_at IS NULL OR organization_created_at <> ${organization.createdAt})`
        })
      ).pipe(Effect.orDie),
    findById: (id) =>
      sql<OrganizationRow>`SELECT ${columns} FROM organizations o WHERE o.id = ${id}`.pipe(
        read,
        Effect.map(one), Effect.orDie),
    findByHostname: (hostname) =>
      sql<OrganizationRow>`SELECT ${columns} FROM organizations o WHERE o.hostname = ${hostname}`.pipe(
        read,
        Effect.map(one),
        Effect.orDie
      ),
    listForUser: (userId, keyset) =>
      Effect.gen(function* () {
        const key = ["m.organization_created_at", "m.organization_id"]
        const rows = yield* read(sql<OrganizationRow>`SELECT ${columns}
          FROM members m JOIN organizations o ON o.id = m.organization_id
          WHERE m.user_id = ${userId} AND ${afterCursor(sql, key, keyset)}
          ORDER BY ${orderBy(sql, key)} ${pageLimit(sql, keyset)}`)
        const count = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count
          FROM members m JOIN organizations o ON o.id = m.organization_id
          WHERE m.user_id = ${userId}`)
        return { rows: rows.map(toOrganizationRecord), count: toCount(count) }
      }).pipe(Effect.orDie),
    findByEmailDomain: (domain) =>
      sql<OrganizationRow>`SELECT ${columns}
        FROM organization_email_domains d JOIN organizations o ON o.id = d.organization_id
        WHERE d.domain = ${domain}
        ORDER BY o.created_at, o.id`.pipe(read, Effect.map((rows) => rows.map(toOrganizationRecord)), Effect.orDie)
  })
})

export const SqlOrganizationRepository = {
  layer: Layer.effect(OrganizationRepository, makeSqlOrganizationRepository)
}
