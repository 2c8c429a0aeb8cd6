import type { Urls } from "../shared/Urls.js"
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from "../storage/openapi/OpenApiSpecRecord.js"
import type { OpenApiSpec, OpenApiSpecContent, OpenApiSpecVersion } from "./OpenApiSpec.js"

export interface OpenApiSpecPermissions {
  readonly view: boolean
  readonly edit: boolean
}

const specPath = (spec: Pick<OpenApiSpecRecord, "organizationId" | "slug">) =>
  `/orgs/${spec.organizationId}/openapi/${encodeURIComponent(spec.slug)}`

export const renderOpenApiSpec = (
  urls: Urls["Type"],
  spec: OpenApiSpecRecord,
  permissions: OpenApiSpecPermissions
): OpenApiSpec => ({
  object: "openapi-spec",
  id: spec.id,
  createdAt: spec.createdAt,
  updatedAt: spec.updatedAt,
  slug: spec.slug,
  ...(spec.source.kind === "url" ? { sourceURL: spec.source.url } : {}),
  processingState: spec.processingState,
  visibility: spec.visibility,
  ...(spec.lastVersionId === null ? {} : { lastVersion: spec.lastVersionId }),
  ...(spec.lastProcessedAt === null ? {} : { lastProcessedAt: spec.lastProcessedAt }),
  ...(spec.lastProcessErrorCode === null ? {} : { lastProcessErrorCode: spec.lastProcessErrorCode }),
  ...(spec.lastProcessedErrors.length === 0 ? {} : { lastProcessedErrors: spec.lastProcessedErrors }),
  lastProcessedErrorCount: spec.lastProcessedErrorCount,
  permissions,
  urls: { location: urls.api(specPath(spec)), app: urls.app(`/o/${spec.organizationId}/openapi/${encodeURIComponent(spec.slug)}`) }
})

const versionLocation = (urls: Urls["Type"], spec: OpenApiSpecRecord, version: OpenApiSpecVersionRecord) =>
  urls.api(`${specPath(spec)}/versions/${version.id}`)

/** A version's `url`: where its document came from, or (given as text) its raw content in the API. */
const versionUrl = (urls: Urls["Type"], spec: OpenApiSpecRecord, version: OpenApiSpecVersionRecord) =>
  version.sourceUrl ?? `${versionLocation(urls, spec, version)}/content`

export const renderOpenApiVersion = (
  urls: Urls["Type"],
  spec: OpenApiSpecRecord,
  version: OpenApiSpecVersionRecord
): OpenApiSpecVersion => ({
  object: "openapi-spec-version",
  id: version.id,
  createdAt: version.createdAt,
  url: versionUrl(urls, spec, version),
  urls: { location: versionLocation(urls, spec, version) }
})

/** `public`: the source URL of a public spec fetched from one; Quire serves no public proxy of stored text (null). */
export const renderOpenApiContent = (
  urls: Urls["Type"],
  spec: OpenApiSpecRecord,
  version: OpenApiSpecVersionRecord
): OpenApiSpecContent => ({
  filesystem: JSON.parse(version.filesystem) as Record<string, unknown>,
  urls: {
    source: versionUrl(urls, spec, version),
    public: spec.visibility === "public" && version.sourceUrl !== null ? version.sourceUrl : null
  }
})
