import type { OpenApiSpecId, OpenApiSpecRecord, OpenApiSpecVersionId, OpenApiSpecVersionRecord } from "@quire/core"
import { organizationsTable } from "../organizations/organizationsTable.js"
import { table } from "../shared/Table.js"

/** Owned by their organization, as the foreign key `ON DELETE CASCADE` in SQL. */
export const openApiSpecsTable = table<OpenApiSpecId, OpenApiSpecRecord>("openApiSpecs", {
  table: organizationsTable,
  key: (spec) => spec.organizationId
})

/** Owned by their spec. */
export const openApiVersionsTable = table<OpenApiSpecVersionId, OpenApiSpecVersionRecord>("openApiSpecVersions", {
  table: openApiSpecsTable,
  key: (version) => version.specId
})
