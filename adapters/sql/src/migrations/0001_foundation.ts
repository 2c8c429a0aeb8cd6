import { SqlClient } from "@effect/sql/SqlClient"
import { textType } from "./textType.js"
import { Effect } from "effect"

/**
 * Users, tokens, organizations, members, invites, teams, collections and spaces.
 *
 * No foreign keys: the core keeps references whole inside its transactions, as it must with
 * the memory adapter too. Text in Postgres uses the "C" collation so that ordering (and so
 * every keyset cursor) is by code point, the same as in SQLite and in JavaScript, whatever
 * the database's locale.
 */
export const foundation = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE users (
    id ${text} PRIMARY KEY,
    display_name ${text} NOT NULL,
    email ${text} NOT NULL,
    photo_url ${text},
    created_at ${text} NOT NULL,
    name_key ${text} NOT NULL,
    email_key ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX users_by_email ON users (email_key)`

  yield* sql`CREATE TABLE api_tokens (
    hash ${text} PRIMARY KEY,
    user_id ${text} NOT NULL,
    label ${text} NOT NULL,
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX api_tokens_by_user ON api_tokens (user_id)`

  yield* sql`CREATE TABLE organizations (
    id ${text} PRIMARY KEY,
    title ${text} NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL,
    email_domains ${text} NOT NULL,
    hostname ${text},
    type ${text} NOT NULL,
    default_role ${text},
    default_content_site ${text},
    logo ${text},
    sso INTEGER NOT NULL,
    ai INTEGER NOT NULL,
    invite_links INTEGER NOT NULL
  )`
  yield* sql`CREATE UNIQUE INDEX organizations_by_hostname ON organizations (hostname)`

  yield* sql`CREATE TABLE organization_email_domains (
    domain ${text} NOT NULL,
    organization_id ${text} NOT NULL,
    PRIMARY KEY (domain, organization_id)
  )`
  yield* sql`CREATE INDEX organization_email_domains_by_organization ON organization_email_domains (organization_id)`

  // name_key and organization_created_at copy the user's folded display name and the
  // organization's creation time, so that the lists sorted by them walk an index.
  yield* sql`CREATE TABLE members (
    organization_id ${text} NOT NULL,
    user_id ${text} NOT NULL,
    role ${text},
    disabled INTEGER NOT NULL,
    sso INTEGER NOT NULL,
    joined_at ${text} NOT NULL,
    last_seen_at ${text},
    name_key ${text},
    organization_created_at ${text},
    PRIMARY KEY (organization_id, user_id)
  )`
  yield* sql`CREATE INDEX members_by_joined ON members (organization_id, joined_at, user_id)`
  yield* sql`CREATE INDEX members_by_last_seen ON members (organization_id, last_seen_at, user_id)
    WHERE last_seen_at IS NOT NULL`
  yield* sql`CREATE INDEX members_by_name ON members (organization_id, name_key, user_id)`
  yield* sql`CREATE INDEX members_by_role ON members (organization_id, role)`
  yield* sql`CREATE INDEX members_by_user ON members (user_id, organization_created_at, organization_id)`

  yield* sql`CREATE TABLE invites (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL,
    role ${text},
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX invites_by_created ON invites (organization_id, created_at, id)`

  yield* sql`CREATE TABLE teams (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL,
    title ${text} NOT NULL,
    title_key ${text} NOT NULL,
    created_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX teams_by_created ON teams (organization_id, created_at, id)`

  yield* sql`CREATE TABLE team_members (
    team_id ${text} NOT NULL,
    user_id ${text} NOT NULL,
    role ${text} NOT NULL,
    PRIMARY KEY (team_id, user_id)
  )`
  yield* sql`CREATE INDEX team_members_by_user ON team_members (user_id, team_id)`

  yield* sql`CREATE TABLE collections (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL,
    parent_id ${text},
    title ${text} NOT NULL,
    description ${text},
    default_level ${text},
    resolved_level ${text} NOT NULL,
    position ${text} NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX collections_by_created ON collections (organization_id, created_at, id)`
  yield* sql`CREATE INDEX collections_top_level_by_created ON collections (organization_id, created_at, id)
    WHERE parent_id IS NULL`
  yield* sql`CREATE INDEX collections_by_parent ON collections (organization_id, parent_id, position, id)`

  yield* sql`CREATE TABLE spaces (
    id ${text} PRIMARY KEY,
    organization_id ${text} NOT NULL,
    parent_id ${text},
    title ${text} NOT NULL,
    emoji ${text} NOT NULL,
    visibility ${text} NOT NULL,
    edit_mode ${text} NOT NULL,
    default_level ${text},
    resolved_level ${text} NOT NULL,
    revision_id ${text} NOT NULL,
    position ${text} NOT NULL,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL,
    deleted_at ${text}
  )`
  yield* sql`CREATE INDEX spaces_by_created ON spaces (organization_id, created_at, id)
    WHERE deleted_at IS NULL`
  yield* sql`CREATE INDEX spaces_in_parent_by_created ON spaces (organization_id, parent_id, created_at, id)
    WHERE deleted_at IS NULL`
  yield* sql`CREATE INDEX spaces_by_parent ON spaces (organization_id, parent_id, position, id)
    WHERE deleted_at IS NULL`
  yield* sql`CREATE INDEX spaces_deleted ON spaces (deleted_at, id) WHERE deleted_at IS NOT NULL`
})
