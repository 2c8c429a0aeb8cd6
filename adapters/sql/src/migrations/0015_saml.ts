import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * SAML single sign-on (`SamlRepository`): an organization's identity providers, the
 * AuthnRequests sent through them (each answered once) and the one-time hand-offs of those
 * signed in (kept as the code's sha256). Requests and hand-offs go with their provider.
 */
export const saml = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE saml_providers (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    label ${text} NOT NULL,
    entity_id ${text},
    sso_url ${text},
    certificate ${text},
    default_team_id ${text},
    default_role ${text},
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX saml_providers_by_organization ON saml_providers (organization_id, created_at, id)`

  yield* sql`CREATE TABLE saml_requests (
    id ${text} PRIMARY KEY,
    provider_id ${text} NOT NULL REFERENCES saml_providers (id) ON DELETE CASCADE,
    return_to ${text},
    created_at ${text} NOT NULL,
    expires_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX saml_requests_by_expiry ON saml_requests (expires_at)`

  yield* sql`CREATE TABLE sso_handoffs (
    code_hash ${text} PRIMARY KEY,
    provider_id ${text} NOT NULL REFERENCES saml_providers (id) ON DELETE CASCADE,
    organization_id ${text} NOT NULL,
    user_id ${text} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at ${text} NOT NULL,
    expires_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX sso_handoffs_by_expiry ON sso_handoffs (expires_at)`
})
