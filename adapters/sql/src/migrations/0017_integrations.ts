import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * Integrations and their installations (`IntegrationRepository`). An integration is keyed by its
 * name and goes with its owner organization; an installation goes with its integration and with
 * the organization it is installed on; a space's installation with its installation and with the
 * space (`ON DELETE CASCADE`: a space's purge is one `DELETE FROM spaces`). The arrays the list
 * filters on (`scopes`, `categories`, `block_domains`, `external_ids`) are JSON text matched as
 * quoted elements; `definition` and `configuration` are JSON read and written whole.
 */
export const integrations = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE integrations (
    name ${text} PRIMARY KEY,
    name_key ${text} NOT NULL,
    owner_id ${text} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    title ${text} NOT NULL,
    visibility ${text} NOT NULL,
    target ${text} NOT NULL,
    scopes ${text} NOT NULL,
    categories ${text} NOT NULL,
    block_domains ${text} NOT NULL,
    has_blocks INTEGER NOT NULL,
    has_content_sources INTEGER NOT NULL,
    definition ${text} NOT NULL,
    script_sha256 ${text} NOT NULL,
    icon_sha256 ${text},
    preview_images ${text} NOT NULL,
    sealed_secrets ${text},
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX integrations_by_owner ON integrations (owner_id, name)`

  yield* sql`CREATE TABLE integration_installations (
    id ${text} PRIMARY KEY,
    integration_name ${text} NOT NULL REFERENCES integrations (name) ON DELETE CASCADE,
    organization_id ${text} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    status ${text} NOT NULL,
    space_selection ${text} NOT NULL,
    site_selection ${text} NOT NULL,
    configuration ${text} NOT NULL,
    external_ids ${text} NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL,
    UNIQUE (integration_name, organization_id)
  )`
  yield* sql`CREATE INDEX integration_installations_by_integration ON integration_installations (integration_name, created_at, id)`
  yield* sql`CREATE INDEX integration_installations_by_organization ON integration_installations (organization_id, created_at, id)`

  yield* sql`CREATE TABLE integration_space_installations (
    installation_id ${text} NOT NULL REFERENCES integration_installations (id) ON DELETE CASCADE,
    space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    integration_name ${text} NOT NULL,
    organization_id ${text} NOT NULL,
    status ${text} NOT NULL,
    configuration ${text} NOT NULL,
    external_ids ${text} NOT NULL,
    created_at ${text} NOT NULL,
    PRIMARY KEY (installation_id, space_id)
  )`
  yield* sql`CREATE INDEX integration_space_installations_by_created ON integration_space_installations (installation_id, created_at, space_id)`
  yield* sql`CREATE INDEX integration_space_installations_by_space ON integration_space_installations (space_id)`
})
