import { Effect } from "effect"
import { canonicalJson } from "../../store/canonical.js"
import type { PageValue } from "../objects.js"
import type { BatchState } from "./BatchState.js"

/** A page's content: what an edit changes (its place in the tree and its timestamps aside). */
const contentOf = (page: PageValue): string => canonicalJson({ ...page, parent: null, updatedAt: null })

/**
 * `updatedAt` becomes the batch's time for pages whose content changed, and stays as it was
 * for pages only moved, or changed and changed back, so such a page keeps its hash.
 */
export const settleTimestamps = (state: BatchState) =>
  Effect.gen(function* () {
    const { tree } = state
    for (const [id, page] of tree.touchedPages()) {
      if (page === undefined) continue
      const stored = yield* tree.base.page(id)
      if (stored === undefined) continue
      const updatedAt = contentOf(stored) === contentOf(page) ? stored.updatedAt : state.now
      if (updatedAt !== page.updatedAt) tree.setPage({ ...page, updatedAt })
    }
  })
