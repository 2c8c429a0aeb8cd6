import { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Fragment } from "@effect/sql/Statement"
import { type SiteId, type SiteQuery, SiteRepository, type SiteStructureChange } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { chunksOf } from "../shared/chunks.js"
import { countColumn, countOfPage } from "../shared/countColumn.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { contains, foldCase, toCount, toInt } from "../shared/values.js"
import {
  GROUP_COLUMNS,
  type GroupRow,
  SECTION_COLUMNS,
  type SectionRow,
  selected,
  SHARE_LINK_COLUMNS,
  type ShareLinkRow,
  SITE_COLUMNS,
  SITE_SPACE_COLUMNS,
  type SiteRow,
  type SiteSpaceRow,
  toGroupRecord,
  toGroupRow,
  toSectionRecord,
  toSectionRow,
  toShareLinkRecord,
  toShareLinkRow,
  toSiteRecord,
  toSiteRow,
  toSiteSpaceRecord,
  toSiteSpaceRow
} from "./siteRows.js"

const SITE_KEY = ["s.created_at", "s.id"]
const SHARE_LINK_KEY = ["created_at", "id"]

/** A structure row written to another site than its own is a bug in the caller. */
const ensureOfSite = (siteId: SiteId, change: SiteStructureChange) => {
  const rows = [...change.put.sections, ...change.put.groups, ...change.put.siteSpaces]
  const foreign = rows.find((row) => row.siteId !== siteId)
  return foreign === undefined
    ? Effect.void
    : Effect.die(new Error(`a structure row of site ${foreign.siteId} was written to site ${siteId}`))
}

export const makeSqlSiteRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const siteColumns = sql.literal(SITE_COLUMNS)
  const shareLinkColumns = sql.literal(SHARE_LINK_COLUMNS)
  const sitesTable = sql.literal("sites s")
  const shareLinksTable = sql.literal("site_share_links")

  const filters = (query: SiteQuery): Array<Fragment> => [
    ...(query.title === undefined ? [] : [contains(sql, "s.title_key", foldCase(query.title))]),
    ...(query.published === undefined ? [] : [sql`s.published = ${toInt(query.published)}`]),
    ...(query.onlyOpenToMembers === true ? [sql`s.default_level IS NOT NULL`] : []),
    ...(query.spaceId === undefined
      ? []
      : [sql`EXISTS (SELECT 1 FROM site_spaces x WHERE x.space_id = ${query.spaceId} AND x.site_id = s.id)`])
  ]

  const shareLinkFilters = (siteId: SiteId, search: string | undefined): Array<Fragment> => {
    if (search === undefined) return [sql`site_id = ${siteId}`]
    const part = foldCase(search)
    return [sql`site_id = ${siteId}`, sql.or([contains(sql, "name_key", part), contains(sql, "share_key_folded", part)])]
  }

  const count = (from: Fragment, where: ReadonlyArray<Fragment>) =>
    Effect.map(read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${from} WHERE ${sql.and(where)}`), toCount)

  const oneSite = (rows: ReadonlyArray<SiteRow>) => Option.map(Option.fromNullable(rows[0]), toSiteRecord)
  const oneShareLink = (rows: ReadonlyArray<ShareLinkRow>) => Option.map(Option.fromNullable(rows[0]), toShareLinkRecord)

  /**
   * Inserts the rows or replaces those already there under their id, in one statement per
   * chunk; the `WHERE` of the update leaves a row of another site as it is.
   */
  const upsert = <Row extends { readonly id: string }>(
    table: string,
    columns: ReadonlyArray<string>,
    rows: ReadonlyArray<Row>
  ): Effect.Effect<void, SqlError> =>
    Effect.forEach(
      chunksOf(rows),
      (chunk) =>
        sql`INSERT INTO ${sql.literal(table)} ${sql.insert(chunk as ReadonlyArray<Record<string, unknown>>)}
          ON CONFLICT (id) DO UPDATE SET ${sql.literal(columns.map((c) => `${c} = excluded.${c}`).join(", "))}
          WHERE ${sql.literal(table)}.site_id = excluded.site_id`,
      { discard: true }
    )

  /** Deletes the rows of the site under these ids; another site's row is never touched. */
  const deleteOfSite = (table: string, siteId: SiteId, ids: ReadonlyArray<string>): Effect.Effect<void, SqlError> =>
    Effect.forEach(
      chunksOf(ids),
      (chunk) => sql`DELETE FROM ${sql.literal(table)} WHERE site_id = ${siteId} AND id IN ${sql.in(chunk)}`,
      { discard: true }
    )

  return SiteRepository.of({
    insert: (site) => sql`INSERT INTO sites ${sql.insert(toSiteRow(site))}`.pipe(Effect.asVoid, Effect.orDie),
    update: (site) => {
      const { id: _, ...changes } = toSiteRow(site)
      return sql`UPDATE sites SET ${sql.update(changes)} WHERE id = ${site.id}`.pipe(Effect.asVoid, Effect.orDie)
    },
    // Its structure and share links go by their foreign keys.
    delete: (id) => sql`DELETE FROM sites WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    findById: (id) =>
      read(sql<SiteRow>`SELECT ${siteColumns} FROM sites s WHERE s.id = ${id}`).pipe(Effect.map(oneSite), Effect.orDie),
    findByBasename: (organizationId, basename) =>
      read(sql<SiteRow>`SELECT ${siteColumns} FROM sites s
        WHERE s.organization_id = ${organizationId} AND s.basename = ${basename}`).pipe(Effect.map(oneSite), Effect.orDie),
    list: (organizationId, query, keyset) =>
      Effect.gen(function* () {
        const where = [sql`s.organization_id = ${organizationId}`, ...filters(query)]
        const rows = yield* read(sql<SiteRow & { readonly totalCount: unknown }>`SELECT ${siteColumns},
          ${countColumn(sql, sitesTable, where)} FROM sites s
          WHERE ${sql.and([...where, afterCursor(sql, SITE_KEY, keyset)])}
          ORDER BY ${orderBy(sql, SITE_KEY)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toSiteRecord), count: yield* countOfPage(rows, keyset, count(sitesTable, where)) }
      }).pipe(Effect.orDie),
    countSiteSpaces: (ids) =>
      Effect.gen(function* () {
        const counts = new Map<SiteId, number>()
        for (const chunk of chunksOf(ids)) {
          const rows = yield* read(sql<{ siteId: string; count: unknown }>`SELECT site_id, CAST(COUNT(*) AS INTEGER) AS count
            FROM site_spaces WHERE site_id IN ${sql.in(chunk)} GROUP BY site_id`)
          for (const row of rows) counts.set(row.siteId as SiteId, Number(row.count))
        }
        return counts
      }).pipe(Effect.orDie),

    structure: (id) =>
      Effect.gen(function* () {
        const sections = yield* read(sql<SectionRow>`SELECT ${sql.literal(selected(SECTION_COLUMNS))}
          FROM site_sections WHERE site_id = ${id}`)
        const groups = yield* read(sql<GroupRow>`SELECT ${sql.literal(selected(GROUP_COLUMNS))}
          FROM site_section_groups WHERE site_id = ${id}`)
        const siteSpaces = yield* read(sql<SiteSpaceRow>`SELECT ${sql.literal(selected(SITE_SPACE_COLUMNS))}
          FROM site_spaces WHERE site_id = ${id}`)
        return {
          sections: sections.map(toSectionRecord),
          groups: groups.map(toGroupRecord),
          siteSpaces: siteSpaces.map(toSiteSpaceRecord)
        }
      }).pipe(Effect.orDie),
    // Several statements: one transaction (a savepoint inside an outer one) keeps a call whole.
    writeStructure: (id, change) =>
      Effect.zipRight(
        ensureOfSite(id, change),
        sql
          .withTransaction(
            Effect.all(
              [
                deleteOfSite("site_sections", id, change.deleteSections),
                deleteOfSite("site_section_groups", id, change.deleteGroups),
                deleteOfSite("site_spaces", id, change.deleteSiteSpaces),
                upsert("site_sections", SECTION_COLUMNS, change.put.sections.map(toSectionRow)),
                upsert("site_section_groups", GROUP_COLUMNS, change.put.groups.map(toGroupRow)),
                upsert("site_spaces", SITE_SPACE_COLUMNS, change.put.siteSpaces.map(toSiteSpaceRow))
              ],
              { discard: true }
            )
          )
          .pipe(Effect.orDie)
      ),

    insertShareLink: (link) =>
      sql`INSERT INTO site_share_links ${sql.insert(toShareLinkRow(link))}`.pipe(Effect.asVoid, Effect.orDie),
    updateShareLink: (link) => {
      const { id: _, siteId: __, ...changes } = toShareLinkRow(link)
      return sql`UPDATE site_share_links SET ${sql.update(changes)}
        WHERE id = ${link.id} AND site_id = ${link.siteId}`.pipe(Effect.asVoid, Effect.orDie)
    },
    deleteShareLink: (siteId, id) =>
      sql`DELETE FROM site_share_links WHERE id = ${id} AND site_id = ${siteId}`.pipe(Effect.asVoid, Effect.orDie),
    findShareLink: (siteId, id) =>
      read(sql<ShareLinkRow>`SELECT ${shareLinkColumns} FROM site_share_links
        WHERE id = ${id} AND site_id = ${siteId}`).pipe(Effect.map(oneShareLink), Effect.orDie),
    findShareLinkByKey: (siteId, key) =>
      read(sql<ShareLinkRow>`SELECT ${shareLinkColumns} FROM site_share_links
        WHERE site_id = ${siteId} AND share_key = ${key}`).pipe(Effect.map(oneShareLink), Effect.orDie),
    listShareLinks: (siteId, search, keyset) =>
      Effect.gen(function* () {
        const where = shareLinkFilters(siteId, search)
        const rows = yield* read(sql<ShareLinkRow & { readonly totalCount: unknown }>`SELECT ${shareLinkColumns},
          ${countColumn(sql, shareLinksTable, where)} FROM site_share_links
          WHERE ${sql.and([...where, afterCursor(sql, SHARE_LINK_KEY, keyset)])}
          ORDER BY ${orderBy(sql, SHARE_LINK_KEY)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toShareLinkRecord), count: yield* countOfPage(rows, keyset, count(shareLinksTable, where)) }
      }).pipe(Effect.orDie)
  })
})

export const SqlSiteRepository = { layer: Layer.effect(SiteRepository, makeSqlSiteRepository) }
