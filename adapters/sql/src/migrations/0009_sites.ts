import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * Sites, their structure (sections, groups of sections, site spaces) and their share links.
 * A site goes with its organization; everything else goes with its site, and a site space also
 * with its space (a purge is one `DELETE FROM spaces`): all foreign keys `ON DELETE CASCADE`.
 * Structure rows name each other (a section's group, a site space's section, the defaults)
 * without foreign keys: a structure command writes them in any order, and the core keeps them
 * whole (`sites/structure/invariants.ts`).
 *
 * The adaptive schema is two nullable columns, both set or both NULL. `title_key`, `name_key`
 * and `share_key_folded` hold the folded text the case-insensitive filters search
 * (`foldCase`). Booleans are INTEGER 0/1, as everywhere.
 *
 * Sites are listed per organization by (created_at, id); `site_spaces_by_space` serves the
 * list's `spaceId` filter and the purge's cascade; each structure table is read per site; a
 * share link is found by (site_id, share_key), unique, and listed by (site_id, created_at, id).
 * TEXT columns take the "C" collation on Postgres, as in 0001, so cursors order by code point.
 */
export const sites = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE sites (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    type ${text} NOT NULL,
    title ${text} NOT NULL,
    title_key ${text} NOT NULL,
    visibility ${text} NOT NULL,
    published INTEGER NOT NULL,
    basename ${text} NOT NULL,
    proxy ${text},
    default_level ${text},
    adaptive_content INTEGER NOT NULL,
    adaptive_schema_document ${text},
    adaptive_schema_updated_at ${text},
    visitor_key ${text} NOT NULL,
    default_section_id ${text},
    default_site_space_id ${text},
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL,
    UNIQUE (organization_id, basename)
  )`
  yield* sql`CREATE INDEX sites_by_created ON sites (organization_id, created_at, id)`

  yield* sql`CREATE TABLE site_sections (
    id ${text} PRIMARY KEY,
    site_id ${text} NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title ${text} NOT NULL,
    description ${text},
    icon ${text},
    path ${text} NOT NULL,
    condition ${text},
    group_id ${text},
    position ${text} NOT NULL,
    default_site_space_id ${text},
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX site_sections_by_site ON site_sections (site_id)`

  yield* sql`CREATE TABLE site_section_groups (
    id ${text} PRIMARY KEY,
    site_id ${text} NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title ${text} NOT NULL,
    icon ${text},
    parent_id ${text},
    position ${text} NOT NULL,
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX site_section_groups_by_site ON site_section_groups (site_id)`

  yield* sql`CREATE TABLE site_spaces (
    id ${text} PRIMARY KEY,
    site_id ${text} NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    section_id ${text},
    space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    path ${text} NOT NULL,
    condition ${text},
    position ${text} NOT NULL,
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX site_spaces_by_site ON site_spaces (site_id)`
  yield* sql`CREATE INDEX site_spaces_by_space ON site_spaces (space_id, site_id)`

  yield* sql`CREATE TABLE site_share_links (
    id ${text} PRIMARY KEY,
    site_id ${text} NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    name ${text} NOT NULL,
    name_key ${text} NOT NULL,
    share_key ${text} NOT NULL,
    share_key_folded ${text} NOT NULL,
    active INTEGER NOT NULL,
    created_at ${text} NOT NULL,
    UNIQUE (site_id, share_key)
  )`
  yield* sql`CREATE INDEX site_share_links_by_created ON site_share_links (site_id, created_at, id)`
})
