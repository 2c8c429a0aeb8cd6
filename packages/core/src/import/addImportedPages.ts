import { Effect } from "effect"
import { createHash } from "node:crypto"
import type { ContentEngine } from "../content/tree/ContentEngine.js"
import { imageDimensions } from "../content/tree/imageDimensions.js"
import type { ImportedFile } from "../content/tree/importPages.js"
import type { FileValue } from "../content/tree/objects.js"
import type { TreeReader } from "../content/tree/TreeReader.js"
import { Conflict } from "../shared/errors.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"
import { placeImported } from "./placeImported.js"
import type { ImportReading } from "./readImport.js"

const beside = () => new Conflict({ message: "The imported content could not be added beside the existing content" })

/** Whether `file` would be stored as `existing` is (the same file value). */
const sameFile = (file: ImportedFile, existing: FileValue) => {
  const dimensions = imageDimensions(file.bytes, file.contentType)
  return (
    existing.name === file.name &&
    existing.contentType === file.contentType &&
    existing.size === file.bytes.length &&
    existing.sha256 === createHash("sha256").update(file.bytes).digest("hex") &&
    existing.dimensions?.width === dimensions?.width &&
    existing.dimensions?.height === dimensions?.height
  )
}

/**
 * The imported files to add: one whose id the content holds already is left out when it is the
 * same file, and refused (`Conflict`) when it is another.
 */
const filesToAdd = (before: TreeReader, files: ReadonlyArray<ImportedFile>) =>
  Effect.gen(function* () {
    const added: Array<ImportedFile> = []
    for (const file of files) {
      const existing = file.id === undefined ? undefined : yield* before.file(file.id)
      if (existing === undefined) added.push(file)
      else if (!sameFile(file, existing)) return yield* Effect.fail(beside())
    }
    return added
  })

/**
 * A new revision of `revisionId` with the imported pages (and files) added after its root
 * pages; nothing there is changed or removed: one bulk import `onto` it (its parent), which
 * writes the imported pages and the root list only, so the cost does not grow with the content
 * already there. Every imported page gets a new id and a root page a slug its siblings do not
 * have (`placeImported`); a file whose id is there already is kept if it is the same file,
 * else the import is refused (`Conflict`). Runs in the caller's transaction.
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
    const files = yield* filesToAdd(before.reader, reading.files)
    const imported = yield* engine.importPages(pages, { spaceId, onto: revisionId, files })
    return imported.revision.id as RevisionId
  })
