import { Effect } from "effect"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"
import { emptyTree } from "./diff/diffRevisions.js"
import { makeEngineReads, openRevision } from "./EngineReads.js"
import type { PageValue } from "./objects.js"

/** A page of the later revision that differs from the earlier one, with its document's markdown. */
export interface ChangedPage {
  readonly page: PageValue
  readonly markdown: string | undefined
}

export interface ChangedPages {
  readonly changed: ReadonlyArray<ChangedPage>
  /** Ids of pages the earlier revision has and the later one does not. */
  readonly removed: ReadonlyArray<string>
}

/**
 * The pages that differ from revision `from` to revision `to` (`from` null: every page of
 * `to`), read by walking only the parts of the pages map whose hashes differ: what keeping
 * something per page current costs is the size of the change, not of the space.
 */
export const changedPages = (from: string | null, to: string) =>
  Effect.gen(function* () {
    const reads = yield* makeEngineReads
    const before = from === null ? yield* emptyTree(reads) : (yield* openRevision(reads, from)).tree
    const after = (yield* openRevision(reads, to)).tree
    const changes = before.hash === after.hash ? [] : yield* reads.maps.diff(before.tree.pages, after.tree.pages)
    const kept = changes.filter((change) => change.after !== undefined).map((change) => change.key)
    const pages = yield* after.pages(kept)
    const hashes = new Set<ObjectHash>()
    for (const page of pages.values()) if (page.document !== null) hashes.add(page.document)
    const documents = yield* after.documents(hashes)
    return {
      changed: [...pages.values()].map((page) => ({
        page,
        markdown: page.document === null ? undefined : documents.get(page.document)
      })),
      removed: changes.filter((change) => change.after === undefined).map((change) => change.key)
    } satisfies ChangedPages
  })
