import {
  type ShareLinkRecord,
  shareLinkSortKey,
  type SiteId,
  type SiteQuery,
  type SiteRecord,
  type SiteRepository,
  siteSortKey,
  type SiteStructureChange
} from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import { deleteCascading } from "../shared/deleteCascading.js"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { containsFolded, sliceBy } from "../shared/sorting.js"
import type { Table } from "../shared/Table.js"
import type { Tables } from "../shared/Tables.js"
import { shareLinksTable, siteSectionGroupsTable, siteSectionsTable, siteSpacesTable, sitesTable } from "./siteTables.js"

/** Basenames are unique in an organization, as the unique index keeps them in SQL. */
const ensureBasenameFree = (t: Tables, site: SiteRecord) => {
  const taken = rowsOf(t.rows(sitesTable)).some(
    (s) => s.organizationId === site.organizationId && s.basename === site.basename && s.id !== site.id
  )
  if (taken) throw new Error(`basename ${site.basename} is already used by another site of the organization`)
}

/** Keys are unique in a site, as the unique index keeps them in SQL. */
const ensureKeyFree = (t: Tables, link: ShareLinkRecord) => {
  const taken = rowsOf(t.rows(shareLinksTable)).some((l) => l.siteId === link.siteId && l.key === link.key && l.id !== link.id)
  if (taken) throw new Error(`share link key already used by another link of site ${link.siteId}`)
}

const matches =
  (t: Tables, query: SiteQuery) =>
  (s: SiteRecord): boolean =>
    (query.title === undefined || containsFolded(s.title, query.title)) &&
    (query.published === undefined || s.published === query.published) &&
    (query.onlyOpenToMembers !== true || s.defaultLevel !== null) &&
    (query.spaceId === undefined || rowsOf(t.rows(siteSpacesTable)).some((x) => x.siteId === s.id && x.spaceId === query.spaceId))

const rowsOfSite = <K, V extends { readonly siteId: SiteId }>(t: Tables, table: Table<K, V>, siteId: SiteId) =>
  rowsOf(t.rows(table)).filter((row) => row.siteId === siteId)

/** Removes the rows under `ids` that belong to the site; another site's row is left alone. */
const deleteOfSite = <K extends string, V extends { readonly siteId: SiteId }>(
  t: Tables,
  table: Table<K, V>,
  siteId: SiteId,
  ids: ReadonlyArray<K>
): Tables => {
  const owned = ids.filter((id) => Option.exists(HashMap.get(t.rows(table), id), (row) => row.siteId === siteId))
  return owned.length === 0 ? t : deleteCascading(t, table, owned)
}

/** Inserts or replaces rows of the site; a row under the same id in another site is left alone, as SQL's guarded upsert does. */
const putOfSite = <K extends string, V extends { readonly id: K; readonly siteId: SiteId }>(
  t: Tables,
  table: Table<K, V>,
  siteId: SiteId,
  rows: ReadonlyArray<V>
): Tables =>
  t.update(table, (map) =>
    rows.reduce((next, row) => {
      if (row.siteId !== siteId) throw new Error(`a structure row of site ${row.siteId} was written to site ${siteId}`)
      return Option.exists(HashMap.get(next, row.id), (found) => found.siteId !== siteId) ? next : HashMap.set(next, row.id, row)
    }, map)
  )

const writeStructure = (t: Tables, siteId: SiteId, change: SiteStructureChange): Tables => {
  const deleted = deleteOfSite(
    deleteOfSite(deleteOfSite(t, siteSectionsTable, siteId, change.deleteSections), siteSectionGroupsTable, siteId, change.deleteGroups),
    siteSpacesTable,
    siteId,
    change.deleteSiteSpaces
  )
  return putOfSite(
    putOfSite(putOfSite(deleted, siteSectionsTable, siteId, change.put.sections), siteSectionGroupsTable, siteId, change.put.groups),
    siteSpacesTable,
    siteId,
    change.put.siteSpaces
  )
}

const shareLinkOf = (t: Tables, siteId: SiteId, id: string) =>
  Option.filter(HashMap.get(t.rows(shareLinksTable), id as ShareLinkRecord["id"]), (l) => l.siteId === siteId)

export const makeMemorySiteRepository = (store: MemoryStore): Context.Tag.Service<typeof SiteRepository> => ({
  insert: (site) =>
    store.write((t) => {
      ensureBasenameFree(t, site)
      return t.update(sitesTable, (rows) => insertNew(rows, site.id, site, "site"))
    }),
  update: (site) =>
    store.write((t) => {
      if (!HashMap.has(t.rows(sitesTable), site.id)) return t
      ensureBasenameFree(t, site)
      return t.update(sitesTable, (rows) => replaceExisting(rows, site.id, site))
    }),
  // Sections, groups and share links are owned by the site; its site spaces by their space.
  delete: (id) =>
    store.write((t) =>
      deleteCascading(t, sitesTable, [id]).update(siteSpacesTable, (rows) => HashMap.filter(rows, (s) => s.siteId !== id))
    ),
  findById: (id) => store.read((t) => HashMap.get(t.rows(sitesTable), id)),
  findByBasename: (organizationId, basename) =>
    store.read((t) =>
      Option.fromNullable(
        rowsOf(t.rows(sitesTable)).find((s) => s.organizationId === organizationId && s.basename === basename)
      )
    ),
  list: (organizationId, query, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(sitesTable)).filter((s) => s.organizationId === organizationId && matches(t, query)(s)),
        keyset,
        siteSortKey
      )
    ),
  countSiteSpaces: (ids) =>
    store.read((t) => {
      const wanted = new Set(ids)
      const counts = new Map<SiteId, number>()
      for (const s of rowsOf(t.rows(siteSpacesTable))) {
        if (wanted.has(s.siteId)) counts.set(s.siteId, (counts.get(s.siteId) ?? 0) + 1)
      }
      return counts
    }),

  structure: (id) =>
    store.read((t) => ({
      sections: rowsOfSite(t, siteSectionsTable, id),
      groups: rowsOfSite(t, siteSectionGroupsTable, id),
      siteSpaces: rowsOfSite(t, siteSpacesTable, id)
    })),
  writeStructure: (id, change) => store.write((t) => writeStructure(t, id, change)),

  insertShareLink: (link) =>
    store.write((t) => {
      ensureKeyFree(t, link)
      return t.update(shareLinksTable, (rows) => insertNew(rows, link.id, link, "share link"))
    }),
  updateShareLink: (link) =>
    store.write((t) => {
      if (Option.isNone(shareLinkOf(t, link.siteId, link.id))) return t
      ensureKeyFree(t, link)
      return t.update(shareLinksTable, (rows) => replaceExisting(rows, link.id, link))
    }),
  deleteShareLink: (siteId, id) =>
    store.write((t) =>
      Option.isSome(shareLinkOf(t, siteId, id)) ? t.update(shareLinksTable, (rows) => HashMap.remove(rows, id)) : t
    ),
  findShareLink: (siteId, id) => store.read((t) => shareLinkOf(t, siteId, id)),
  findShareLinkByKey: (siteId, key) =>
    store.read((t) =>
      Option.fromNullable(rowsOf(t.rows(shareLinksTable)).find((l) => l.siteId === siteId && l.key === key))
    ),
  listShareLinks: (siteId, search, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(shareLinksTable)).filter(
          (l) => l.siteId === siteId && (search === undefined || containsFolded(l.name, search) || containsFolded(l.key, search))
        ),
        keyset,
        shareLinkSortKey
      )
    )
})
