import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { RevisionId, SpaceId } from "../../shared/ids.js"
import type { IndexChange, PageHit, SearchQuery, StaleSpace } from "./SearchRecords.js"

/**
 * The full-text index of every space's main content, on the adapter's own engine (SQLite FTS5,
 * Postgres full text, memory). Writes join the caller's transaction: the index moves with the
 * space's revision. A space's rows go with the space (its purge).
 */
export class SearchIndex extends Context.Tag("@quire/core/SearchIndex")<
  SearchIndex,
  {
    /** The revision the space's sections were last written for; none before the first. */
    readonly indexedRevision: (spaceId: SpaceId) => Effect.Effect<Option.Option<RevisionId>, never, Authorized>
    /** Applies the change and records its revision as the space's indexed one. */
    readonly apply: (change: IndexChange) => Effect.Effect<void, never, Authorized>
    /** Makes `to`'s index a copy of `from`'s (sections and indexed revision): a duplicated space. */
    readonly copy: (from: SpaceId, to: SpaceId) => Effect.Effect<void, never, Authorized>
    /**
     * The pages of `spaceIds` with a section matching every term, best first (ties by space
     * id, then page id), from `offset`, at most `limit`. An empty `spaceIds` matches nothing.
     */
    readonly search: (
      query: SearchQuery,
      spaceIds: ReadonlyArray<SpaceId>,
      window: { readonly offset: number; readonly limit: number }
    ) => Effect.Effect<ReadonlyArray<PageHit>, never, Authorized>
    /** Spaces (not deleted) whose indexed revision is not their current one, at most `limit`. */
    readonly stale: (limit: number) => Effect.Effect<ReadonlyArray<StaleSpace>, never, Authorized>
  }
>() {}
