import { Effect } from "effect"
import type { RevisionId, SpaceId } from "../../../shared/ids.js"
import { NotFound } from "../../../shared/errors.js"
import { now } from "../../../shared/time.js"
import { validate } from "../../../shared/validation.js"
import { MarkdownWork } from "../../markdown/work/MarkdownWork.js"
import type { PreparedDocument } from "../../markdown/work/PreparedDocument.js"
import type { RevisionRecord } from "../../../storage/content/RevisionRecord.js"
import { makeEngineReads, type OpenRevision, openRevision } from "../EngineReads.js"
import { type ContentChange, type ContentChangeInput, ContentChangesInput } from "../inputs.js"
import type { FileValue } from "../objects.js"
import { makeWorkingTree } from "../WorkingTree.js"
import { writeRevision } from "../writeRevision.js"
import { type BatchState, invalid, type PageOutcome } from "./BatchState.js"
import { deletePage } from "./deletePage.js"
import { insertFiles } from "./insertFiles.js"
import { insertPage } from "./insertPage.js"
import { resolveDocuments } from "./resolveDocuments.js"
import { revertPage } from "./revertPage.js"
import { settleTimestamps } from "./settleTimestamps.js"
import { updatePage } from "./updatePage.js"

export interface ApplyOptions {
  /** The space the new revision is made in; by default the base revision's. */
  readonly spaceId?: SpaceId
  /** Where `revert_page` goes back to when a change names no revision (a change request's initial revision). */
  readonly revertTo?: string
  /**
   * Whether the caller may read a revision a change names by id (`revert_page`'s `revision`),
   * failing `NotFound` when not (see `Access.revision`). By default only the revisions of the
   * space the new revision is made in. An unknown id and a refused one give the same error.
   */
  readonly readable?: (id: RevisionId) => Effect.Effect<unknown, NotFound, never>
  /** The batch's documents read ahead, outside the transaction (`ContentEngine.prepareDocuments`). */
  readonly prepared?: ReadonlyMap<string, PreparedDocument>
}

/** One entry of the official `ChangeRequestContentUpdateChange` list (page ids; the caller adds urls). */
export type AppliedPageChange =
  | { readonly object: "created_page"; readonly page: string; readonly ref?: string }
  | { readonly object: "updated_page"; readonly page: string }
  | { readonly object: "deleted_page"; readonly page: string }

export interface AppliedChanges {
  readonly revision: RevisionRecord
  readonly objectsWritten: number
  /** One per affected page, in the order the pages were first touched. */
  readonly changes: ReadonlyArray<AppliedPageChange>
  readonly insertedFiles: ReadonlyArray<FileValue>
}

const objectOf: Record<PageOutcome, AppliedPageChange["object"]> = {
  created: "created_page",
  updated: "updated_page",
  deleted: "deleted_page"
}

const applyOne = (state: BatchState, index: number, change: ContentChange) => {
  switch (change.operation) {
    case "insert_page":
      return insertPage(state, index, change)
    case "update_page":
      return updatePage(state, index, change)
    case "delete_page":
      return deletePage(state, index, change)
    case "revert_page":
      return revertPage(state, index, change)
    case "insert_files":
      return insertFiles(state, index, change)
  }
}

/**
 * Applies a batch of the official `updateChangeRequestContent` changes to a revision, giving
 * a new `edits` revision whose parent is the base. The changes apply in order; the first
 * invalid one rejects the whole batch (`InvalidInput` naming `changes[i]...`) and nothing is
 * written. Markdown links resolve once all changes are applied, so refs work whatever the
 * order. Everything new is stored with one `ObjectStore.put`.
 */
export const applyChanges = (base: string | OpenRevision, input: ReadonlyArray<ContentChangeInput>, options: ApplyOptions = {}) =>
  Effect.gen(function* () {
    const { changes } = yield* validate(ContentChangesInput)({ changes: input })
    const reads = yield* makeEngineReads
    const start = typeof base === "string" ? yield* openRevision(reads, base) : base
    const spaceId = options.spaceId ?? start.record.spaceId
    const readable =
      options.readable ??
      ((id: RevisionId) =>
        Effect.filterOrFail(reads.revision(id), (record) => record.spaceId === spaceId, () => NotFound.of("Revision", id)))
    const openTarget = (id: string, index: number) =>
      readable(id as RevisionId).pipe(
        Effect.zipRight(openRevision(reads, id)),
        Effect.map((opened) => opened.tree),
        Effect.catchTag("NotFound", () => invalid(index, "revision", `no revision "${id}" that you can read`))
      )
    const state: BatchState = {
      tree: makeWorkingTree(reads.maps, start.tree),
      now: yield* now,
      refs: new Map(),
      documents: new Map(),
      blobs: [],
      insertedFiles: [],
      outcomes: new Map(),
      createdRefs: new Map(),
      openRevision: openTarget,
      revertTo: (index) =>
        options.revertTo === undefined
          ? invalid(index, "revision", "is required: there is no base revision to revert to")
          : openTarget(options.revertTo, index),
      markdown: yield* MarkdownWork,
      prepared: options.prepared ?? new Map(),
      bodyLinks: new Map()
    }
    for (const [index, change] of changes.entries()) yield* applyOne(state, index, change)
    yield* resolveDocuments(state)
    yield* settleTimestamps(state)
    const committed = yield* state.tree.commit
    const written = yield* writeRevision({
      spaceId,
      parents: [start.record.id as RevisionId],
      type: "edits",
      root: committed.hash,
      objects: committed.objects,
      blobs: state.blobs
    })
    const pageChanges = [...state.outcomes].map(([page, outcome]): AppliedPageChange => {
      const ref = state.createdRefs.get(page)
      return outcome === "created" && ref !== undefined ? { object: "created_page", page, ref } : { object: objectOf[outcome], page }
    })
    return { ...written, changes: pageChanges, insertedFiles: state.insertedFiles } satisfies AppliedChanges
  })
