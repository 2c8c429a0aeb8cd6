import { Effect } from "effect"
import { ancestry } from "../content/tree/paths.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { LruCache } from "../content/store/LruCache.js"
import type { PageValue } from "../content/tree/objects.js"
import { contentUrls } from "../content/tree/render/ContentUrls.js"
import type { SpaceId } from "../shared/ids.js"
import { encodeCursor } from "../shared/pagination.js"
import { Urls } from "../shared/Urls.js"
import type { PageHit, SearchQuery } from "../storage/search/SearchRecords.js"
import { SearchIndex } from "../storage/search/SearchIndex.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import type { SearchWindow } from "./inputs.js"
import { parseQuery } from "./parseQuery.js"
import { type LocatedHit, renderPageHit } from "./render.js"
import type { SearchPageResult, SearchSpaceResult } from "./SearchResult.js"

/** Page chains a search keeps (a few pages each, whose values the object cache holds too). */
const KEPT_CHAINS = 20_000

/** A page of ranked results: no total (counting every match would cost what ranking them does). */
export interface SearchPage<A> {
  readonly items: ReadonlyArray<A>
  readonly next?: { readonly page: string } | undefined
}

export const nextOf = (window: SearchWindow, more: boolean) => (more ? { page: encodeCursor([window.offset + window.limit]) } : undefined)

/** What a search needs of a space: its id, the revision it reads, its title (a group's). */
export type SearchedSpace = Pick<SpaceRecord, "id" | "revisionId" | "title">

/** What a search reads of a list of spaces: by id, their ids, the revision each reads. */
interface SpacesLookup {
  readonly byId: ReadonlyMap<SpaceId, SearchedSpace>
  readonly ids: ReadonlyArray<SpaceId>
  readonly revisions: ReadonlyMap<SpaceId, string>
}

/**
 * Kept with the list they were made from: an organization's list is kept between searches
 * (`searchedSpaces`), and remaking these for its hundreds of spaces was most of what a search
 * allocated (so, of how often the young generation is collected under searches).
 */
const lookups = new WeakMap<ReadonlyArray<SearchedSpace>, SpacesLookup>()

const lookupOf = (spaces: ReadonlyArray<SearchedSpace>): SpacesLookup => {
  let found = lookups.get(spaces)
  if (found === undefined) {
    const byId = new Map<SpaceId, SearchedSpace>()
    const revisions = new Map<SpaceId, string>()
    for (const space of spaces) {
      byId.set(space.id, space)
      revisions.set(space.id, space.revisionId)
    }
    found = { byId, ids: [...byId.keys()], revisions }
    lookups.set(spaces, found)
  }
  return found
}

/**
 * Searching spaces someone has already decided the reader may read: the organization's search
 * (the caller's visible spaces) and a published site's (the spaces its visitor is shown).
 */
export const makeSpacesSearch = Effect.gen(function* () {
  const index = yield* SearchIndex
  const engine = yield* ContentEngine
  const urls = yield* Urls

  /** The window's hits (one more than asked, to tell whether there is a next page). */
  const hits = (query: SearchQuery, spaceIds: ReadonlyArray<SpaceId>, window: SearchWindow) =>
    query.terms.length === 0 || spaceIds.length === 0
      ? Effect.succeed([] as ReadonlyArray<PageHit>)
      : index.search(query, spaceIds, { offset: window.offset, limit: window.limit + 1 })

  const chainKey = (revisionId: string, pageId: string) => `${revisionId} ${pageId}`
  /** Page chains by revision and page, both immutable: the same hits are placed search after search. */
  const chains = new LruCache<string, ReadonlyArray<PageValue> | null>(KEPT_CHAINS)

  /** The chain of pages from the root level down to the page in the revision; null when it has no such page. */
  const chainOf = (revisionId: string, pageId: string) =>
    Effect.suspend(() => {
      const key = chainKey(revisionId, pageId)
      const kept = chains.get(key)
      if (kept !== undefined) return Effect.succeed(kept)
      return Effect.map(
        Effect.flatMap(Effect.orDie(engine.keptTree(revisionId)), (tree) => ancestry(tree.reader, pageId)),
        (chain) => {
          const found = chain === undefined || chain.length === 0 ? null : chain
          chains.set(key, found)
          return found
        }
      )
    })

  /**
   * Each hit with its page's chain in the space's current revision; hits on pages it no longer
   * has are dropped. When every chain is kept (most searches), without an effect per hit.
   */
  const locate = (revisions: ReadonlyMap<SpaceId, string>, found: ReadonlyArray<PageHit>) => {
    const located: Array<LocatedHit> = []
    for (const hit of found) {
      const kept = chains.get(chainKey(revisions.get(hit.spaceId)!, hit.pageId))
      if (kept === undefined) return locateEach(revisions, found)
      if (kept !== null) located.push({ hit, chain: kept })
    }
    return Effect.succeed(located)
  }

  const locateEach = (revisions: ReadonlyMap<SpaceId, string>, found: ReadonlyArray<PageHit>) =>
    Effect.gen(function* () {
      const located: Array<LocatedHit> = []
      for (const hit of found) {
        const chain = yield* chainOf(revisions.get(hit.spaceId)!, hit.pageId)
        if (chain !== null) located.push({ hit, chain })
      }
      return located
    })

  /**
   * A window of the results in `visible` (spaces the caller may read, decided by the caller of
   * this), grouped by space in the order of their best page.
   */
  const inSpaces = (visible: ReadonlyArray<SearchedSpace>, window: SearchWindow) =>
    Effect.gen(function* () {
      const { byId, ids, revisions } = lookupOf(visible)
      const query = parseQuery(window.query)
      const found = yield* hits(query, ids, window)
      const located = yield* locate(revisions, found.slice(0, window.limit))
      const groups = new Map<SpaceId, { space: SearchedSpace; pages: Array<SearchPageResult>; score: number }>()
      located.forEach((hit, i) => {
        const spaceId = hit.hit.spaceId
        let group = groups.get(spaceId)
        if (group === undefined) {
          group = { space: byId.get(spaceId)!, pages: [], score: 0 }
          groups.set(spaceId, group)
        }
        const page = renderPageHit(contentUrls(urls, spaceId), hit, query.terms, window.offset + i + 1)
        group.pages.push(page)
        group.score = Math.max(group.score, page.score)
      })
      return {
        items: [...groups.values()].map(
          (group): SearchSpaceResult => ({ type: "space", id: group.space.id, title: group.space.title, score: group.score, pages: group.pages })
        ),
        next: nextOf(window, found.length > window.limit)
      } satisfies SearchPage<SearchSpaceResult>
    })

  return { hits, locate, inSpaces }
})
