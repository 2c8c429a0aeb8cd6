import { Effect } from "effect"
import type { ContentEngine } from "../content/tree/ContentEngine.js"
import { MAX_CHANGES, type UpdatePageChange } from "../content/tree/inputs.js"
import { Conflict } from "../shared/errors.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"
import { placeImported } from "./placeImported.js"
import type { ImportReading } from "./readImport.js"

/**
 * A new revision of `revisionId` with the imported pages (and files) added after its root
 * pages; nothing there is changed or removed. Onto empty content, one bulk import whose parent
 * is `revisionId`. Otherwise the pages are written in one bulk import (no parents), then merged
 * onto `revisionId` from an empty revision: both sides only add, so the merge visits the added
 * pages and the root list, and keeps every page. The merge orders the two added groups of root
 * pages symmetrically, so moves then put the existing root pages back in front (`rootMoves`);
 * they also make the answer an `edits` revision, as the official spec wants of a revision that
 * is no change request's merge. Runs in the caller's transaction.
 */
export const addImportedPages = (
  engine: typeof ContentEngine.Service,
  spaceId: SpaceId,
  revisionId: RevisionId,
  reading: ImportReading
) =>
  Effect.gen(function* () {
    const before = yield* engine.tree(revisionId)
    const rootPages = yield* before.children(null)
    const pages = yield* placeImported(reading.pages, new Set(rootPages.flatMap((page) => (page.slug === undefined ? [] : [page.slug]))))
    if (rootPages.length === 0 && (yield* before.files).length === 0 && (yield* before.reusables).length === 0) {
      const imported = yield* engine.importPages(pages, { spaceId, parents: [revisionId], files: reading.files })
      return imported.revision.id as RevisionId
    }
    const empty = yield* engine.importPages([], { spaceId })
    const imported = yield* engine.importPages(pages, { spaceId, files: reading.files })
    const outcome = yield* engine.merge(empty.revision.id, revisionId, imported.revision.id, { spaceId })
    if (outcome._tag !== "Merged") {
      return yield* Effect.fail(new Conflict({ message: "The imported content could not be added beside the existing content" }))
    }
    if (rootPages.length === 0) return outcome.revision.id as RevisionId
    const merged = yield* (yield* engine.tree(outcome.revision.id as RevisionId)).children(null)
    const importedRoots = pages.flatMap((page) => (page.parent == null ? [page.id!] : []))
    let revision = outcome.revision.id as RevisionId
    for (const batch of rootMoves(merged.map((page) => page.id), rootPages.map((page) => page.id), importedRoots)) {
      revision = (yield* engine.apply(revision, batch, { spaceId })).revision.id as RevisionId
    }
    return revision
  })

/**
 * The moves, in batches the engine takes (`MAX_CHANGES` each), that turn the merged root order
 * into the existing root pages then the imported ones, each group in its own order (the merge
 * keeps each side's): the smaller group is moved, the existing pages to the front or the
 * imported ones to the end, so a big space's root is not rewritten for a small import. In that
 * order already, one move that changes nothing: the answer is still an `edits` revision.
 */
const rootMoves = (
  merged: ReadonlyArray<string>,
  existing: ReadonlyArray<string>,
  imported: ReadonlyArray<string>
): ReadonlyArray<ReadonlyArray<UpdatePageChange>> => {
  const end = merged.length
  const inOrder = existing.length + imported.length === end && [...existing, ...imported].every((id, at) => merged[at] === id)
  const moves: Array<UpdatePageChange> = inOrder
    ? [{ operation: "update_page", page: existing[0]!, at: 0 }]
    : existing.length <= imported.length
      ? existing.map((page, at) => ({ operation: "update_page", page, at }))
      : imported.map((page) => ({ operation: "update_page", page, at: end }))
  const batches: Array<ReadonlyArray<UpdatePageChange>> = []
  for (let start = 0; start < moves.length; start += MAX_CHANGES) batches.push(moves.slice(start, start + MAX_CHANGES))
  return batches
}
