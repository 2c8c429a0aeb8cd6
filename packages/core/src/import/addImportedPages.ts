import { Effect } from "effect"
import type { ContentEngine } from "../content/tree/ContentEngine.js"
import type { UpdatePageChange } from "../content/tree/inputs.js"
import { Conflict } from "../shared/errors.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"
import { placeImported } from "./placeImported.js"
import type { ImportReading } from "./readImport.js"

/**
 * A new revision of `revisionId` with the imported pages (and files) added after its root
 * pages; nothing there is changed or removed. The pages are written in one bulk import (no
 * parents), then merged onto `revisionId` from an empty revision: both sides only add, so the
 * merge visits the added pages and the root list, and keeps every page. The merge orders the
 * two added groups of root pages symmetrically; when the imported group came first, one change
 * batch moves the existing root pages back in front. Runs in the caller's transaction.
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
    const existing = rootPages.map((page) => page.id)
    const pages = yield* placeImported(reading.pages, new Set(rootPages.flatMap((page) => (page.slug === undefined ? [] : [page.slug]))))
    const empty = yield* engine.importPages([], { spaceId })
    const imported = yield* engine.importPages(pages, { spaceId, files: reading.files })
    const outcome = yield* engine.merge(empty.revision.id, revisionId, imported.revision.id, { spaceId })
    if (outcome._tag !== "Merged") {
      return yield* Effect.fail(new Conflict({ message: "The imported content could not be added beside the existing content" }))
    }
    const merged = outcome.revision
    const root = (yield* (yield* engine.tree(merged.id)).children(null)).map((page) => page.id)
    if (existing.every((id, index) => root[index] === id)) return merged.id as RevisionId
    const moves = existing.map((page, at): UpdatePageChange => ({ operation: "update_page", page, at }))
    const ordered = yield* engine.apply(merged.id, moves, { spaceId })
    return ordered.revision.id as RevisionId
  })
