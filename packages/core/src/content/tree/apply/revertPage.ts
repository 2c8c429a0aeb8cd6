import { Effect } from "effect"
import type { RevertPageChange } from "../inputs.js"
import { type BatchState, invalid, noteOutcome, pageIdOf } from "./BatchState.js"
import { removeSubtree } from "./deletePage.js"
import { ensureFreeSlug, placeAmong } from "./placement.js"

/**
 * `revert_page`: the page goes back to what it was in `revision` (absent: the revision the
 * caller names as the base, e.g. a change request's initial revision). A page absent there
 * is removed with its subpages; a page absent now comes back (alone) under its old parent,
 * or the root level if that parent is gone, at its old index; otherwise its metadata and
 * document are reset and it stays where it is. Block-level reverts are refused: Quire keeps
 * documents as markdown, which has no block keys.
 */
export const revertPage = (state: BatchState, index: number, change: RevertPageChange) =>
  Effect.gen(function* () {
    if (change.block !== undefined) {
      return yield* invalid(index, "block", "block-level reverts are not supported: Quire documents are markdown, without block keys; revert the whole page")
    }
    const { tree } = state
    const target = change.revision === undefined ? yield* state.revertTo(index) : yield* state.openRevision(change.revision, index)
    const id = pageIdOf(state, change.page)
    const current = yield* tree.page(id)
    const before = yield* target.page(id)
    if (current === undefined && before === undefined) {
      return yield* invalid(index, "page", `no page "${change.page}" in the revision nor in the revision to revert to`)
    }
    state.documents.delete(id)
    if (before === undefined) return yield* removeSubtree(state, current!)
    if (current !== undefined) {
      const reset = { ...before, parent: current.parent }
      if (reset.slug !== current.slug) yield* ensureFreeSlug(tree, index, "page", current.parent, reset.slug, id)
      tree.setPage(reset)
      return noteOutcome(state, id, "updated")
    }
    const parent = before.parent !== null && (yield* tree.page(before.parent)) !== undefined ? before.parent : null
    const oldSiblings = yield* target.children(before.parent)
    yield* ensureFreeSlug(tree, index, "page", parent, before.slug, id)
    tree.setPage({ ...before, parent, updatedAt: state.now })
    yield* placeAmong(tree, id, parent, parent === before.parent ? oldSiblings.indexOf(id) : undefined)
    noteOutcome(state, id, "created")
  })
