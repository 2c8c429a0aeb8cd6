import { Effect } from "effect"
import type { DeletePageChange } from "../inputs.js"
import type { PageValue } from "../objects.js"
import { pageDescendants } from "../paths.js"
import { type BatchState, invalid, noteOutcome, pageIdOf } from "./BatchState.js"
import { detachFrom } from "./placement.js"

/** Removes `page` and every page below it from the tree. */
export const removeSubtree = (state: BatchState, page: PageValue) =>
  Effect.gen(function* () {
    const { tree } = state
    const below = yield* pageDescendants(tree, page.id)
    yield* detachFrom(tree, page.id, page.parent)
    for (const id of [page.id, ...below]) {
      tree.removePage(id)
      tree.setChildren(id, [])
      state.documents.delete(id)
      noteOutcome(state, id, "deleted")
    }
  })

/** `delete_page`: the page and its subpages. */
export const deletePage = (state: BatchState, index: number, change: DeletePageChange) =>
  Effect.gen(function* () {
    const page = yield* state.tree.page(pageIdOf(state, change.page))
    if (page === undefined) return yield* invalid(index, "page", `no page "${change.page}" in the revision`)
    yield* removeSubtree(state, page)
  })
