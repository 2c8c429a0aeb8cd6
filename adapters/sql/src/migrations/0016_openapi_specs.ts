import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * OpenAPI specifications (`OpenApiSpecRepository`): an organization's specs, unique by slug,
 * and their immutable versions, which go with their spec. The source's text, the last errors
 * and a version's filesystem are JSON or text as they are.
 */
export const openApiSpecs = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE openapi_specs (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    slug ${text} NOT NULL,
    source_url ${text},
    source_text ${text},
    visibility ${text} NOT NULL,
    processing_state ${text} NOT NULL,
    processing_job_id ${text},
    last_version_id ${text},
    last_processed_at ${text},
    last_process_error_code ${text},
    last_processed_errors ${text} NOT NULL,
    last_processed_error_count INTEGER NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
  yield* sql`CREATE UNIQUE INDEX openapi_specs_by_slug ON openapi_specs (organization_id, slug)`
  yield* sql`CREATE INDEX openapi_specs_by_organization ON openapi_specs (organization_id, created_at, id)`

  yield* sql`CREATE TABLE openapi_spec_versions (
    id ${text} PRIMARY KEY,
    spec_id ${text} NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
    content_hash ${text} NOT NULL,
    source_url ${text},
    raw ${text} NOT NULL,
    format ${text} NOT NULL,
    filesystem ${text} NOT NULL,
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX openapi_spec_versions_by_spec ON openapi_spec_versions (spec_id, created_at, id)`
})
