import { SqlClient } from "@effect/sql/SqlClient"
import {
  type OpenApiSpecErrorCode,
  type OpenApiSpecProcessingState,
  type OpenApiSpecId,
  type OpenApiSpecRecord,
  OpenApiSpecRepository,
  type OpenApiSpecVersionId,
  type OpenApiSpecVersionRecord,
  type OpenApiSpecVisibility,
  type OrganizationId,
  type Timestamp
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

const SPEC_KEY = ["created_at", "id"]
const VERSION_KEY = ["created_at", "id"]

interface SpecRow {
  readonly id: string
  readonly organizationId: string
  readonly slug: string
  readonly sourceUrl: string | null
  readonly sourceText: string | null
  readonly visibility: string
  readonly processingState: string
  readonly processingJobId: string | null
  readonly lastVersionId: string | null
  readonly lastProcessedAt: string | null
  readonly lastProcessErrorCode: string | null
  readonly lastProcessedErrors: string
  readonly lastProcessedErrorCount: unknown
  readonly createdAt: string
  readonly updatedAt: string
}

const toSpecRow = (s: OpenApiSpecRecord): SpecRow => ({
  id: s.id,
  organizationId: s.organizationId,
  slug: s.slug,
  sourceUrl: s.source.kind === "url" ? s.source.url : null,
  sourceText: s.source.kind === "text" ? s.source.text : null,
  visibility: s.visibility,
  processingState: s.processingState,
  processingJobId: s.processingJobId,
  lastVersionId: s.lastVersionId,
  lastProcessedAt: s.lastProcessedAt,
  lastProcessErrorCode: s.lastProcessErrorCode,
  lastProcessedErrors: JSON.stringify(s.lastProcessedErrors),
  lastProcessedErrorCount: s.lastProcessedErrorCount,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt
})

const fromSpecRow = (row: SpecRow): OpenApiSpecRecord => ({
  id: row.id as OpenApiSpecId,
  organizationId: row.organizationId as OrganizationId,
  slug: row.slug,
  source: row.sourceUrl !== null ? { kind: "url", url: row.sourceUrl } : { kind: "text", text: row.sourceText ?? "" },
  visibility: row.visibility as OpenApiSpecVisibility,
  processingState: row.processingState as OpenApiSpecProcessingState,
  processingJobId: row.processingJobId,
  lastVersionId: row.lastVersionId as OpenApiSpecVersionId | null,
  lastProcessedAt: row.lastProcessedAt as Timestamp | null,
  lastProcessErrorCode: row.lastProcessErrorCode as OpenApiSpecErrorCode | null,
  lastProcessedErrors: JSON.parse(row.lastProcessedErrors) as OpenApiSpecRecord["lastProcessedErrors"],
  lastProcessedErrorCount: Number(row.lastProcessedErrorCount),
  createdAt: row.createdAt as Timestamp,
  updatedAt: row.updatedAt as Timestamp
})

interface VersionRow {
  readonly id: string
  readonly specId: string
  readonly contentHash: string
  readonly sourceUrl: string | null
  readonly raw: string
  readonly format: string
  readonly filesystem: string
  readonly createdAt: string
}

const fromVersionRow = (row: VersionRow): OpenApiSpecVersionRecord => ({
  id: row.id as OpenApiSpecVersionId,
  specId: row.specId as OpenApiSpecId,
  contentHash: row.contentHash,
  sourceUrl: row.sourceUrl,
  raw: row.raw,
  format: row.format as "json" | "yaml",
  filesystem: row.filesystem,
  createdAt: row.createdAt as Timestamp
})

export const makeSqlOpenApiSpecRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  const firstSpec = (rows: ReadonlyArray<SpecRow>) => Option.map(Option.fromNullable(rows[0]), fromSpecRow)

  return OpenApiSpecRepository.of({
    insertSpec: (spec) => sql`INSERT INTO openapi_specs ${sql.insert({ ...toSpecRow(spec) })}`.pipe(Effect.asVoid, Effect.orDie),
    updateSpec: (spec) => {
      const { id: _id, ...columns } = toSpecRow(spec)
      return sql`UPDATE openapi_specs SET ${sql.update({ ...columns })} WHERE id = ${spec.id}`.pipe(Effect.asVoid, Effect.orDie)
    },
    deleteSpec: (organizationId, slug) =>
      sql<{ id: string }>`DELETE FROM openapi_specs WHERE organization_id = ${organizationId} AND slug = ${slug} RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    findSpecBySlug: (organizationId, slug) =>
      sql<SpecRow>`SELECT * FROM openapi_specs WHERE organization_id = ${organizationId} AND slug = ${slug}`.pipe(
        read,
        Effect.map(firstSpec),
        Effect.orDie
      ),
    findSpec: (id) => sql<SpecRow>`SELECT * FROM openapi_specs WHERE id = ${id}`.pipe(read, Effect.map(firstSpec), Effect.orDie),
    listSpecs: (organizationId, keyset) =>
      Effect.gen(function* () {
        const rows = yield* read(sql<SpecRow>`SELECT * FROM openapi_specs
          WHERE organization_id = ${organizationId} AND ${afterCursor(sql, SPEC_KEY, keyset)}
          ORDER BY ${orderBy(sql, SPEC_KEY)} ${pageLimit(sql, keyset)}`)
        const counted = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count
          FROM openapi_specs WHERE organization_id = ${organizationId}`)
        return { rows: rows.map(fromSpecRow), count: toCount(counted) }
      }).pipe(Effect.orDie),
    insertVersion: (version) =>
      sql`INSERT INTO openapi_spec_versions ${sql.insert({ ...version })}`.pipe(Effect.asVoid, Effect.orDie),
    findVersion: (specId, id) =>
      sql<VersionRow>`SELECT * FROM openapi_spec_versions WHERE id = ${id} AND spec_id = ${specId}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), fromVersionRow)),
        Effect.orDie
      ),
    listVersions: (specId, keyset) =>
      Effect.gen(function* () {
        const rows = yield* read(sql<VersionRow>`SELECT * FROM openapi_spec_versions
          WHERE spec_id = ${specId} AND ${afterCursor(sql, VERSION_KEY, keyset, "desc")}
          ORDER BY ${orderBy(sql, VERSION_KEY, "desc")} ${pageLimit(sql, keyset)}`)
        const counted = yield* read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count
          FROM openapi_spec_versions WHERE spec_id = ${specId}`)
        return { rows: rows.map(fromVersionRow), count: toCount(counted) }
      }).pipe(Effect.orDie)
  })
})

export const SqlOpenApiSpecRepository = { layer: Layer.effect(OpenApiSpecRepository, makeSqlOpenApiSpecRepository) }
