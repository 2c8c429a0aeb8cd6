import { Effect } from "effect"
import type { UpdatePageChange } from "../inputs.js"
import { isSelfOrAncestor } from "../paths.js"
import { type BatchState, invalid, noteOutcome, pageIdOf } from "./BatchState.js"
import { readDocument, requestedFields, slugField, withFields } from "./pageFields.js"
import { detachFrom, ensureFreeSlug, ensureParent, placeAmong } from "./placement.js"

/**
 * `update_page`: new metadata and/or document, and a move with `into` (a page id, `null`
 * for the root level; absent: the parent stays) and `at`. `at` without `into` moves the page
 * among its current siblings (the spec's main text: "omit `into` to leave the parent
 * unchanged"). A page cannot move under itself or its descendants.
 */
export const updatePage = (state: BatchState, index: number, change: UpdatePageChange) =>
  Effect.gen(function* () {
    const { tree } = state
    const id = pageIdOf(state, change.page)
    const current = yield* tree.page(id)
    if (current === undefined) return yield* invalid(index, "page", `no page "${change.page}" in the revision`)
    const parsed = yield* readDocument(state, index, change.document)
    const fields = requestedFields(change, parsed)
    if (fields.slug !== undefined && current.slug === undefined) {
      return yield* invalid(index, slugField(change, parsed), `the page "${current.title}" is a ${current.type} page, which has no slug`)
    }
    const parent = change.into === undefined ? current.parent : change.into === null ? null : pageIdOf(state, change.into)
    if (parent !== null && (yield* isSelfOrAncestor(tree, id, parent))) {
      return yield* invalid(index, "into", `a page cannot be moved under itself or one of its own descendants`)
    }
    yield* ensureParent(tree, index, "into", parent)
    const next = { ...withFields(current, fields), parent }
    if (next.slug !== current.slug || parent !== current.parent) {
      yield* ensureFreeSlug(tree, index, fields.slug !== undefined ? slugField(change, parsed) : "into", parent, next.slug, id)
    }
    tree.setPage(next)
    if (parent !== current.parent) {
      yield* detachFrom(tree, id, current.parent)
      yield* placeAmong(tree, id, parent, change.at)
    } else if (change.at !== undefined) {
      yield* placeAmong(tree, id, parent, change.at)
    }
    if (parsed !== undefined) state.documents.set(id, { change: index, body: parsed.body })
    noteOutcome(state, id, "updated")
  })
