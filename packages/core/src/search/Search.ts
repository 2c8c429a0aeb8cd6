import { Effect } from "effect"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { contentUrls } from "../content/tree/render/ContentUrls.js"
import { Access } from "../policy/Access.js"
import { authorized, unrestricted } from "../policy/Authorized.js"
import type { OrganizationId, SpaceId } from "../shared/ids.js"
import { Urls } from "../shared/Urls.js"
import { ReadOverlap, readBoth } from "../storage/ReadOverlap.js"
import { Storage } from "../storage/Storage.js"
import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { type SearchInput, searchWindow } from "./inputs.js"
import { renderPageHit } from "./render.js"
import type { SearchPageResult, SearchSpaceResult } from "./SearchResult.js"
import { makeSpacesSearch, nextOf, type SearchPage } from "./spacesSearch.js"
import { parseQuery } from "./parseQuery.js"
import { makeSearchedSpaces } from "./searchedSpaces.js"

/**
 * Full-text search of a space's current content, or of every space of an organization the
 * caller can view. The index follows each space's main revision (see `SearchIndexer`); pages
 * are rendered from that revision (title, path, ancestors), sections with a snippet of the match.
 */
export class Search extends Effect.Service<Search>()("@quire/core/Search", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const urls = yield* Urls
    const storage = yield* Storage
    const indexer = yield* SearchIndexer
    const overlap = yield* ReadOverlap

    const { hits, locate, inSpaces } = yield* makeSpacesSearch
    const searchedSpaces = yield* makeSearchedSpaces

    const space = (spaceId: SpaceId, input: SearchInput) =>
      authorized(
        Effect.gen(function* () {
          const window = yield* searchWindow(input)
          const query = parseQuery(window.query)
          // Where reads wait on round trips, the caller's access and the hits are read at once;
          // the hits are dropped unread when access is refused.
          const [{ record }, found] = yield* readBoth(overlap, access.space(spaceId), hits(query, [spaceId], window))
          // A deleted space is out of search until it is restored.
          if (record.deletedAt !== null) return { items: [] } satisfies SearchPage<SearchPageResult>
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
          const empty: SearchPage<SearchSpaceResult> = { items: [] }
          // Guests have no level on any content; members see the spaces visible to them, admins
          // every space. Of the membership, the role is all this needs (one read).
          if (overlap.worthwhile) {
            const every = yield* searchedSpaces(organizationId, false)
            const visibleToMembers = yield* searchedSpaces(organizationId, true)
            // Members see every space (a subset as long is the whole): the answer is the same for
            // each role, so the membership and the search are read at once, the search dropped
            // unless allowed.
            if (every.length === visibleToMembers.length) {
              const [{ member }, found] = yield* readBoth(overlap, access.membership(organizationId), inSpaces(every, window))
              return member.role === null ? empty : found
            }
          }
          const { member } = yield* access.membership(organizationId)
          if (member.role === null) return empty
          return yield* inSpaces(yield* searchedSpaces(organizationId, member.role !== "admin"), window)
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
