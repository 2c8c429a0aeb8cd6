import { Effect, Option } from "effect"
import type { RevisionId, SpaceId } from "../../shared/ids.js"
import { SearchIndex } from "../../storage/search/SearchIndex.js"
import { ContentEngine } from "../tree/ContentEngine.js"
import type { BodyOutline } from "../tree/ParsedBody.js"
import { indexedSections } from "./indexedSections.js"

/**
 * Keeps the search index at each space's main revision. Called in the transaction that moves
 * a space's revision (a merge, a new or duplicated space), so search answers from the content
 * the space shows; `catchUpOne` brings a space written before the index existed up to date.
 */
export class SearchIndexer extends Effect.Service<SearchIndexer>()("@quire/core/SearchIndexer", {
  effect: Effect.gen(function* () {
    const engine = yield* ContentEngine
    const index = yield* SearchIndex

    /**
     * Brings the space's index to `revisionId`: only the pages that differ from the indexed
     * revision are read and written. `copyFrom`: a space that shares the revision (a
     * duplicate), whose index is copied when it is at that revision. `outlines`: bodies the
     * caller has just parsed (an import), by their markdown, so they are not read again.
     */
    const follow = (
      spaceId: SpaceId,
      revisionId: RevisionId,
      options: { readonly copyFrom?: SpaceId; readonly outlines?: ReadonlyMap<string, BodyOutline> } = {}
    ) =>
      Effect.gen(function* () {
        const indexed = Option.getOrNull(yield* index.indexedRevision(spaceId))
        if (indexed === revisionId) return
        if (indexed === null && options.copyFrom !== undefined) {
          const source = Option.getOrNull(yield* index.indexedRevision(options.copyFrom))
          if (source === revisionId) return yield* index.copy(options.copyFrom, spaceId)
        }
        const diff = yield* engine.changedPages(indexed, revisionId).pipe(
          Effect.map((changes) => ({ ...changes, replaceAll: indexed === null })),
          // The indexed revision is gone (it cannot be, but the index is only a cache): start over.
          Effect.catchTag("NotFound", () => Effect.map(engine.changedPages(null, revisionId), (changes) => ({ ...changes, replaceAll: true }))),
          // The caller has just stored `revisionId`.
          Effect.orDie
        )
        yield* index.apply({
          spaceId,
          revisionId,
          replaceAll: diff.replaceAll,
          removedPages: diff.removed,
          pages: diff.changed.map(({ page, markdown }) => ({ pageId: page.id, sections: indexedSections(page, markdown, markdown === undefined ? undefined : options.outlines?.get(markdown)) }))
        })
      })

    /** Indexes one space whose index is behind its revision; false when there is none. */
    const catchUpOne = Effect.gen(function* () {
      const [space] = yield* index.stale(1)
      if (space === undefined) return false
      yield* follow(space.spaceId, space.revisionId)
      return true
    })

    return { follow, catchUpOne }
  }),
  dependencies: [ContentEngine.Default]
}) {}
