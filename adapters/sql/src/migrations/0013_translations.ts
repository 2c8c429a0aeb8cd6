import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * An organization's translation settings (`TranslationRepository`), gone with the organization
 * (`ON DELETE CASCADE`, as sites). `languages` is a JSON array of canonical BCP 47 tags, as
 * text: it is read and written whole, never searched. Listed per organization by
 * (created_at, id); TEXT takes the "C" collation on Postgres, as in 0001.
 */
export const translations = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE translations (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    title ${text} NOT NULL,
    languages ${text} NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX translations_by_created ON translations (organization_id, created_at, id)`
})
