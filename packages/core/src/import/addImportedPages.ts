import { Effect } from "effect"
import type { ContentEngine } from "../content/tree/ContentEngine.js"
import type { UpdatePageChange } from "../content/tree/inputs.js"
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
 * pages symmetrically, so one change batch then puts the existing root pages back in front;
 * it also makes the answer an `edits` revision, as the official spec wants of a revision that
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
    const moves = rootPages.map((page, at): UpdatePageChange => ({ operation: "update_page", page: page.id, at }))
    const ordered = yield* engine.apply(outcome.revision.id, moves, { spaceId })
    return ordered.revision.id as RevisionId
  })
