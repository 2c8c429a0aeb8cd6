import { Context, Layer } from "effect"
import type { RevisionRecord } from "../../storage/content/RevisionRecord.js"
import { LruCache } from "./LruCache.js"

/** How many revision records are kept (about 200 bytes each). */
const DEFAULT_CAPACITY = 20_000

/**
 * Revision records shared by every engine call of the application: a revision never changes
 * once written, so a record read once serves every later read of it without a store round trip
 * (a search across an organization opens one revision per space it finds pages in). Filled by
 * reads only. A record read in a transaction that then rolled back names a revision that was
 * never kept; its id, made afresh for each attempt, is never asked for again.
 */
export class KnownRevisions extends Context.Tag("@quire/core/KnownRevisions")<KnownRevisions, LruCache<string, RevisionRecord>>() {
  static layer = (capacity = DEFAULT_CAPACITY): Layer.Layer<KnownRevisions> =>
    Layer.sync(KnownRevisions, () => new LruCache<string, RevisionRecord>(capacity))
}
