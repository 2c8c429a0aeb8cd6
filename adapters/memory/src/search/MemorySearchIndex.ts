import { compareKeys, MAX_SECTIONS_PER_PAGE, type PageHit, type SearchIndex, type SpaceId } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { rowsOf } from "../shared/keyedRows.js"
import { spacesTable } from "../spaces/spacesTable.js"
import { matchingSections } from "./sectionSearch.js"
import { searchSectionsTable, searchSpacesTable, sectionKey } from "./searchTables.js"

type Matched = ReturnType<typeof matchingSections>[number]

/** Best first: score, then (within a page) anchor. */
const bySectionRank = (a: Matched, b: Matched) => b.score - a.score || compareKeys([a.row.anchor], [b.row.anchor])

/** Pages of the matching sections, best first (ties by space id, then page id). */
const toPageHits = (matched: ReadonlyArray<Matched>): Array<PageHit> => {
  const pages = new Map<string, Array<Matched>>()
  for (const m of matched) {
    const key = JSON.stringify([m.row.spaceId, m.row.pageId])
    const found = pages.get(key)
    if (found === undefined) pages.set(key, [m])
    else found.push(m)
  }
  const hits = Array.from(pages.values(), (sections): PageHit => {
    const best = [...sections].sort(bySectionRank).slice(0, MAX_SECTIONS_PER_PAGE)
    return {
      spaceId: best[0]!.row.spaceId,
      pageId: best[0]!.row.pageId,
      score: best[0]!.score,
      sections: best.map(({ row, score }) => ({ anchor: row.anchor, heading: row.heading, body: row.body, score }))
    }
  })
  return hits.sort((a, b) => b.score - a.score || compareKeys([a.spaceId, a.pageId], [b.spaceId, b.pageId]))
}

export const makeMemorySearchIndex = (store: MemoryStore): Context.Tag.Service<typeof SearchIndex> => ({
  indexedRevision: (spaceId) =>
    store.read((t) => Option.map(HashMap.get(t.rows(searchSpacesTable), spaceId), (row) => row.revisionId)),
  apply: (change) =>
    store.write((t) => {
      // A page listed twice is written as its last listing, as deleting and inserting in turn would.
      const latest = new Map(change.pages.map((page) => [page.pageId, page.sections]))
      const dropped = new Set([...change.removedPages, ...latest.keys()])
      let sections = HashMap.filter(
        t.rows(searchSectionsTable),
        (row) => row.spaceId !== change.spaceId || !(change.replaceAll || dropped.has(row.pageId))
      )
      for (const [pageId, pageSections] of latest) {
        pageSections.forEach((section, index) => {
          sections = HashMap.set(sections, sectionKey(change.spaceId, pageId, index), { ...section, spaceId: change.spaceId })
        })
      }
      return t
        .with(searchSectionsTable, sections)
        .update(searchSpacesTable, (rows) =>
          HashMap.set(rows, change.spaceId, { spaceId: change.spaceId, revisionId: change.revisionId })
        )
    }),
  copy: (from, to) =>
    store.write((t) => {
      let sections = HashMap.filter(t.rows(searchSectionsTable), (row) => row.spaceId !== to)
      for (const [key, row] of t.rows(searchSectionsTable)) {
        if (row.spaceId !== from) continue
        const [, pageId, index] = JSON.parse(key) as [string, string, number]
        sections = HashMap.set(sections, sectionKey(to, pageId, index), { ...row, spaceId: to })
      }
      const revision = HashMap.get(t.rows(searchSpacesTable), from)
      return t.with(searchSectionsTable, sections).update(searchSpacesTable, (rows) =>
        Option.match(revision, {
          onNone: () => HashMap.remove(rows, to),
          onSome: (row) => HashMap.set(rows, to, { spaceId: to, revisionId: row.revisionId })
        })
      )
    }),
  search: (query, spaceIds, window) =>
    store.read((t) => {
      // As on SQL: a phrase of no token is dropped; no term left, or an empty token, matches nothing.
      const terms = query.terms.filter((term) => term._tag === "Word" || term.tokens.length > 0)
      const empty = terms.some((term) => (term._tag === "Word" ? [term.token] : term.tokens).includes(""))
      if (empty || terms.length === 0 || spaceIds.length === 0 || window.limit <= 0) return []
      const wanted = new Set<SpaceId>(spaceIds)
      const matched = matchingSections(t.rows(searchSectionsTable), terms, (row) => wanted.has(row.spaceId))
      return toPageHits(matched).slice(window.offset, window.offset + window.limit)
    }),
  stale: (limit) =>
    store.read((t) => {
      const indexed = t.rows(searchSpacesTable)
      return rowsOf(t.rows(spacesTable))
        .filter((space) => space.deletedAt === null)
        .filter((space) => Option.getOrUndefined(HashMap.get(indexed, space.id))?.revisionId !== space.revisionId)
        .sort((a, b) => compareKeys([a.id], [b.id]))
        .slice(0, limit)
        .map((space) => ({ spaceId: space.id, revisionId: space.revisionId }))
    })
})
