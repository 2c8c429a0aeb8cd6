import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import {
  type InstallationRecord,
  type IntegrationFilter,
  type IntegrationInstallationId,
  type IntegrationRecord,
  IntegrationRepository,
  type Keyset,
  type OrganizationId,
  type SpaceId,
  type SpaceInstallationRecord
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { countColumn, countOfPage } from "../shared/countColumn.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { contains, toBool, toCount, toInt } from "../shared/values.js"

const INTEGRATION_KEY = ["name"]
const INSTALLATION_KEY = ["created_at", "id"]
const SPACE_INSTALLATION_KEY = ["created_at", "space_id"]

const INTEGRATION_COLUMNS =
  "name, owner_id, version, title, visibility, target, scopes, categories, block_domains, has_blocks, has_content_sources, definition, script_sha256, icon_sha256, preview_images, sealed_secrets, created_at, updated_at"
const INSTALLATION_COLUMNS =
  "id, integration_name, organization_id, status, space_selection, site_selection, configuration, external_ids, created_at, updated_at"
const SPACE_INSTALLATION_COLUMNS =
  "installation_id, space_id, integration_name, organization_id, status, configuration, external_ids, created_at"

interface IntegrationRow {
  readonly name: string
  readonly ownerId: string
  readonly version: unknown
  readonly title: string
  readonly visibility: string
  readonly target: string
  readonly scopes: string
  readonly categories: string
  readonly blockDomains: string
  readonly hasBlocks: unknown
  readonly hasContentSources: unknown
  readonly definition: string
  readonly scriptSha256: string
  readonly iconSha256: string | null
  readonly previewImages: string
  readonly sealedSecrets: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

interface InstallationRow {
  readonly id: string
  readonly integrationName: string
  readonly organizationId: string
  readonly status: string
  readonly spaceSelection: string
  readonly siteSelection: string
  readonly configuration: string
  readonly externalIds: string
  readonly createdAt: string
  readonly updatedAt: string
}

interface SpaceInstallationRow {
  readonly installationId: string
  readonly spaceId: string
  readonly integrationName: string
  readonly organizationId: string
  readonly status: string
  readonly configuration: string
  readonly externalIds: string
  readonly createdAt: string
}

const toIntegration = (row: IntegrationRow): IntegrationRecord => ({
  name: row.name,
  ownerId: row.ownerId as OrganizationId,
  version: Number(row.version),
  title: row.title,
  visibility: row.visibility as IntegrationRecord["visibility"],
  target: row.target as IntegrationRecord["target"],
  scopes: JSON.parse(row.scopes),
  categories: JSON.parse(row.categories),
  blockDomains: JSON.parse(row.blockDomains),
  hasBlocks: toBool(row.hasBlocks),
  hasContentSources: toBool(row.hasContentSources),
  definition: JSON.parse(row.definition),
  scriptSha256: row.scriptSha256,
  iconSha256: row.iconSha256,
  previewImageSha256s: JSON.parse(row.previewImages),
  sealedSecrets: row.sealedSecrets,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

const toInstallation = (row: InstallationRow): InstallationRecord => ({
  id: row.id as IntegrationInstallationId,
  integrationName: row.integrationName,
  organizationId: row.organizationId as OrganizationId,
  status: row.status as InstallationRecord["status"],
  spaceSelection: row.spaceSelection as InstallationRecord["spaceSelection"],
  siteSelection: row.siteSelection as InstallationRecord["siteSelection"],
  configuration: JSON.parse(row.configuration),
  externalIds: JSON.parse(row.externalIds),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

const toSpaceInstallation = (row: SpaceInstallationRow): SpaceInstallationRecord => ({
  installationId: row.installationId as IntegrationInstallationId,
  spaceId: row.spaceId as SpaceId,
  integrationName: row.integrationName,
  organizationId: row.organizationId as OrganizationId,
  status: row.status as SpaceInstallationRecord["status"],
  configuration: JSON.parse(row.configuration),
  externalIds: JSON.parse(row.externalIds),
  createdAt: row.createdAt
})

const integrationColumns = (i: IntegrationRecord) => ({
  nameKey: i.name.toLowerCase(),
  ownerId: i.ownerId,
  version: i.version,
  title: i.title,
  visibility: i.visibility,
  target: i.target,
  scopes: JSON.stringify(i.scopes),
  categories: JSON.stringify(i.categories),
  blockDomains: JSON.stringify(i.blockDomains),
  hasBlocks: toInt(i.hasBlocks),
  hasContentSources: toInt(i.hasContentSources),
  definition: JSON.stringify(i.definition),
  scriptSha256: i.scriptSha256,
  iconSha256: i.iconSha256,
  previewImages: JSON.stringify(i.previewImageSha256s),
  sealedSecrets: i.sealedSecrets,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt
})

export const makeSqlIntegrationRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const integrationColumnList = sql.literal(INTEGRATION_COLUMNS)
  const installationColumnList = sql.literal(INSTALLATION_COLUMNS)
  const spaceColumnList = sql.literal(SPACE_INSTALLATION_COLUMNS)

  /** A JSON array of strings (as `JSON.stringify` writes it) holds `value` as one element. */
  const holds = (column: string, value: string): Fragment => {
    const quoted = JSON.stringify(value)
    return sql.or([
      contains(sql, column, `[${quoted},`),
      contains(sql, column, `[${quoted}]`),
      contains(sql, column, `,${quoted},`),
      contains(sql, column, `,${quoted}]`)
    ])
  }

  /** A page of `from` matching `where` by `key`, with the total count (the translations' way). */
  const page = <Row>(columns: Fragment, from: Fragment, where: ReadonlyArray<Fragment>, key: ReadonlyArray<string>, keyset: Keyset) =>
    Effect.gen(function* () {
      const rows = yield* read(sql<Row & { readonly totalCount: unknown }>`
        SELECT ${columns}, ${countColumn(sql, from, where)} FROM ${from}
        WHERE ${sql.and([...where, afterCursor(sql, [...key], keyset)])}
        ORDER BY ${orderBy(sql, [...key])} ${pageLimit(sql, keyset)}`)
      const count = yield* countOfPage(
        rows,
        keyset,
        Effect.map(read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${from} WHERE ${sql.and(where)}`), toCount)
      )
      return { rows, count }
    })

  const viewerOrganizations = (viewer: string) =>
    sql`SELECT organization_id FROM members WHERE user_id = ${viewer} AND disabled = 0`

  const integrationWhere = (filter: IntegrationFilter): Array<Fragment> => {
    const where: Array<Fragment> = [sql`(visibility = 'public' OR owner_id IN (${viewerOrganizations(filter.viewer)}))`]
    if (filter.search !== undefined) where.push(contains(sql, "name_key", filter.search))
    if (filter.category !== undefined) where.push(holds("categories", filter.category))
    if (filter.blockDomain !== undefined) where.push(holds("block_domains", filter.blockDomain))
    if (filter.blocks !== undefined) where.push(sql`has_blocks = ${toInt(filter.blocks)}`)
    if (filter.contentSources !== undefined) where.push(sql`has_content_sources = ${toInt(filter.contentSources)}`)
    if (filter.owner !== undefined) where.push(sql`owner_id = ${filter.owner}`)
    if (filter.scope !== undefined) where.push(holds("scopes", filter.scope))
    if (filter.target !== undefined) where.push(sql`target = ${filter.target}`)
    return where
  }

  return IntegrationRepository.of({
    insert: (integration) =>
      sql`INSERT INTO integrations ${sql.insert({ name: integration.name, ...integrationColumns(integration) })}`.pipe(Effect.asVoid, Effect.orDie),
    update: (integration) =>
      sql`UPDATE integrations SET ${sql.update(integrationColumns(integration))} WHERE name = ${integration.name}`.pipe(Effect.asVoid, Effect.orDie),
    delete: (name) => sql`DELETE FROM integrations WHERE name = ${name}`.pipe(Effect.asVoid, Effect.orDie),
    find: (name) =>
      sql<IntegrationRow>`SELECT ${integrationColumnList} FROM integrations WHERE name = ${name}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toIntegration)),
        Effect.orDie
      ),
    list: (filter, keyset) =>
      Effect.map(page<IntegrationRow>(integrationColumnList, sql`integrations`, integrationWhere(filter), INTEGRATION_KEY, keyset), (slice) => ({
        rows: slice.rows.map(toIntegration),
        count: slice.count
      })).pipe(Effect.orDie),

    insertInstallation: (installation) =>
      sql`INSERT INTO integration_installations ${sql.insert({
        id: installation.id,
        integrationName: installation.integrationName,
        organizationId: installation.organizationId,
        status: installation.status,
        spaceSelection: installation.spaceSelection,
        siteSelection: installation.siteSelection,
        configuration: JSON.stringify(installation.configuration),
        externalIds: JSON.stringify(installation.externalIds),
        createdAt: installation.createdAt,
        updatedAt: installation.updatedAt
      })}`.pipe(Effect.asVoid, Effect.orDie),
    updateInstallation: (installation) =>
      sql`UPDATE integration_installations SET ${sql.update({
        status: installation.status,
        spaceSelection: installation.spaceSelection,
        siteSelection: installation.siteSelection,
        configuration: JSON.stringify(installation.configuration),
        externalIds: JSON.stringify(installation.externalIds),
        updatedAt: installation.updatedAt
      })} WHERE id = ${installation.id}`.pipe(Effect.asVoid, Effect.orDie),
    deleteInstallation: (id) => sql`DELETE FROM integration_installations WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    findInstallation: (integrationName, id) =>
      sql<InstallationRow>`SELECT ${installationColumnList} FROM integration_installations
        WHERE id = ${id} AND integration_name = ${integrationName}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toInstallation)),
        Effect.orDie
      ),
    findInstallationIn: (integrationName, organizationId) =>
      sql<InstallationRow>`SELECT ${installationColumnList} FROM integration_installations
        WHERE integration_name = ${integrationName} AND organization_id = ${organizationId}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toInstallation)),
        Effect.orDie
      ),
    countInstallations: (integrationName) =>
      read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM integration_installations
        WHERE integration_name = ${integrationName}`).pipe(Effect.map(toCount), Effect.orDie),
    listInstallations: (integrationName, filter, keyset) => {
      const where = [
        sql`integration_name = ${integrationName}`,
        sql`organization_id IN (${viewerOrganizations(filter.viewer)})`,
        ...(filter.externalId === undefined ? [] : [holds("external_ids", filter.externalId)])
      ]
      return Effect.map(page<InstallationRow>(installationColumnList, sql`integration_installations`, where, INSTALLATION_KEY, keyset), (slice) => ({
        rows: slice.rows.map(toInstallation),
        count: slice.count
      })).pipe(Effect.orDie)
    },
    listOrganizationInstallations: (organizationId, search, keyset) => {
      const where = [
        sql`organization_id = ${organizationId}`,
        ...(search === undefined ? [] : [contains(sql, "lower(integration_name)", search)])
      ]
      return Effect.map(page<InstallationRow>(installationColumnList, sql`integration_installations`, where, INSTALLATION_KEY, keyset), (slice) => ({
        rows: slice.rows.map(toInstallation),
        count: slice.count
      })).pipe(Effect.orDie)
    },

    insertSpaceInstallation: (installation) =>
      sql`INSERT INTO integration_space_installations ${sql.insert({
        installationId: installation.installationId,
        spaceId: installation.spaceId,
        integrationName: installation.integrationName,
        organizationId: installation.organizationId,
        status: installation.status,
        configuration: JSON.stringify(installation.configuration),
        externalIds: JSON.stringify(installation.externalIds),
        createdAt: installation.createdAt
      })}`.pipe(Effect.asVoid, Effect.orDie),
    deleteSpaceInstallation: (installationId, spaceId) =>
      sql`DELETE FROM integration_space_installations WHERE installation_id = ${installationId} AND space_id = ${spaceId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    findSpaceInstallation: (installationId, spaceId) =>
      sql<SpaceInstallationRow>`SELECT ${spaceColumnList} FROM integration_space_installations
        WHERE installation_id = ${installationId} AND space_id = ${spaceId}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toSpaceInstallation)),
        Effect.orDie
      ),
    countSpaceInstallations: (installationId) =>
      read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM integration_space_installations
        WHERE installation_id = ${installationId}`).pipe(Effect.map(toCount), Effect.orDie),
    listSpaceInstallations: (installationId, keyset) =>
      Effect.map(
        page<SpaceInstallationRow>(
          spaceColumnList,
          sql`integration_space_installations`,
          [sql`installation_id = ${installationId}`],
          SPACE_INSTALLATION_KEY,
          keyset
        ),
        (slice) => ({ rows: slice.rows.map(toSpaceInstallation), count: slice.count })
      ).pipe(Effect.orDie)
  })
})

export const SqlIntegrationRepository = { layer: Layer.effect(IntegrationRepository, makeSqlIntegrationRepository) }
