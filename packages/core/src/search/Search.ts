import { Effect } from "effect"
import type { ContentTree } from "../content/tree/ContentTree.js"
import { ancestry } from "../content/tree/paths.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { contentUrls } from "../content/tree/render/ContentUrls.js"
import { Access } from "../policy/Access.js"
import { authorized, unrestricted } from "../policy/Authorized.js"
import type { OrganizationId, SpaceId } from "../shared/ids.js"
import { encodeCursor } from "../shared/pagination.js"
import { Urls } from "../shared/Urls.js"
import type { PageHit, SearchQuery } from "../storage/search/SearchRecords.js"
import { SearchIndex } from "../storage/search/SearchIndex.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { type SearchInput, searchWindow, type SearchWindow } from "./inputs.js"
import { parseQuery } from "./parseQuery.js"
import { type LocatedHit, renderPageHit } from "./render.js"
import type { SearchPageResult, SearchSpaceResult } from "./SearchResult.js"

/** A page of ranked results: no total (counting every match would cost what ranking them does). */
export interface SearchPage<A> {
  readonly items: ReadonlyArray<A>
  readonly next?: { readonly page: string } | undefined
}

const nextOf = (window: SearchWindow, more: boolean) => (more ? { page: encodeCursor([window.offset + window.limit]) } : undefined)

/**
 * Full-text search of a space's current content, or of every space of an organization the
 * caller can view. The index follows each space's main revision (see `SearchIndexer`); pages
 * are rendered from that revision (title, path, ancestors), sections with a snippet of the match.
 */
export class Search extends Effect.Service<Search>()("@quire/core/Search", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const index = yield* SearchIndex
    const spaces = yield* SpaceRepository
    const engine = yield* ContentEngine
    const urls = yield* Urls
    const storage = yield* Storage
    const indexer = yield* SearchIndexer

    /** The window's hits (one more than asked, to tell whether there is a next page). */
    const hits = (query: SearchQuery, spaceIds: ReadonlyArray<SpaceId>, window: SearchWindow) =>
      query.terms.length === 0 || spaceIds.length === 0
        ? Effect.succeed([] as ReadonlyArray<PageHit>)
        : index.search(query, spaceIds, { offset: window.offset, limit: window.limit + 1 })

    /** Each hit with its page's chain in the space's current revision; hits on pages it no longer has are dropped. */
    const locate = (revisions: ReadonlyMap<SpaceId, string>, found: ReadonlyArray<PageHit>) =>
      Effect.gen(function* () {
        const trees = new Map<string, ContentTree>()
        const located: Array<LocatedHit> = []
        for (const hit of found) {
          const revisionId = revisions.get(hit.spaceId)!
          let tree = trees.get(revisionId)
          if (tree === undefined) {
            tree = yield* Effect.orDie(engine.tree(revisionId))
            trees.set(revisionId, tree)
          }
          const chain = yield* ancestry(tree.reader, hit.pageId)
          if (chain !== undefined && chain.length > 0) located.push({ hit, chain })
        }
        return located
      })

    const space = (spaceId: SpaceId, input: SearchInput) =>
      authorized(
        Effect.gen(function* () {
          const window = yield* searchWindow(input)
          const { record } = yield* access.space(spaceId)
          // A deleted space is out of search until it is restored.
          if (record.deletedAt !== null) return { items: [] } satisfies SearchPage<SearchPageResult>
          const query = parseQuery(window.query)
          const found = yield* hits(query, [spaceId], window)
          const located = yield* locate(new Map([[spaceId, record.revisionId]]), found.slice(0, window.limit))
          const pageUrls = contentUrls(urls, spaceId)
          return {
            items: located.map((hit, i) => renderPageHit(pageUrls, hit, query.terms, window.offset + i + 1)),
            next: nextOf(window, found.length > window.limit)
          } satisfies SearchPage<SearchPageResult>
        })
      )

    const organization = (organizationId: OrganizationId, input: SearchInput) =>
      authorized(
        Effect.gen(function* () {
          const window = yield* searchWindow(input)
          const { member } = yield* access.organization(organizationId)
          // Guests have no level on any content.
          const visible = member.role === null ? [] : yield* spaces.all(organizationId, member.role !== "admin")
          const byId = new Map(visible.map((s) => [s.id, s]))
          const query = parseQuery(window.query)
          const found = yield* hits(query, visible.map((s) => s.id), window)
          const located = yield* locate(new Map(visible.map((s) => [s.id, s.revisionId])), found.slice(0, window.limit))
          const groups = new Map<SpaceId, { space: SpaceRecord; pages: Array<SearchPageResult>; score: number }>()
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
      )

    /**
     * Indexes every space whose index is behind its revision (spaces written before this
     * version, or by a writer that bypassed the services), one space per transaction; how many.
     * The server runs it at start; an embedder runs it after upgrading.
     */
    const catchUp: Effect.Effect<number> = unrestricted(
      "a background job: it acts for nobody",
      Effect.gen(function* () {
        let indexed = 0
        while (yield* storage.transaction(indexer.catchUpOne)) indexed++
        return indexed
      })
    )

    return { space, organization, catchUp }
  }),
  dependencies: [Access.Default, ContentEngine.Default, SearchIndexer.Default]
}) {}
