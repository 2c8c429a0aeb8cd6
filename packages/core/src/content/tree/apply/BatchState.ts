import { Effect } from "effect"
import { InvalidInput } from "../../../shared/errors.js"
import type { Timestamp } from "../../../shared/time.js"
import type { MarkdownWorkService } from "../../markdown/work/MarkdownWork.js"
import type { PreparedDocument } from "../../markdown/work/PreparedDocument.js"
import type { FileValue } from "../objects.js"
import { refKey } from "./refKey.js"
import type { TreeReader } from "../TreeReader.js"
import type { WorkingTree } from "../WorkingTree.js"

/** A batch-local `ref` and what it names. */
export type BatchRef =
  | { readonly kind: "page"; readonly id: string; readonly change: number }
  | { readonly kind: "file"; readonly id: string; readonly change: number }

/** A page's new markdown body, whose links resolve once the whole batch has been applied. */
export interface PendingDocument {
  readonly change: number
  readonly body: string
}

/** What a batch did to a page, for the official `ChangeRequestContentUpdateChange` list. */
export type PageOutcome = "created" | "updated" | "deleted"

/** Everything a batch carries from one change to the next. */
export interface BatchState {
  readonly tree: WorkingTree
  readonly now: Timestamp
  readonly refs: Map<string, BatchRef>
  /** By page id; a later document for the same page replaces an earlier one. */
  readonly documents: Map<string, PendingDocument>
  /** File bytes to store once the batch is known to be valid. */
  readonly blobs: Array<Uint8Array>
  readonly insertedFiles: Array<FileValue>
  /** By page id, in the order the pages were first touched. */
  readonly outcomes: Map<string, PageOutcome>
  /** The batch-local ref each created page was given. */
  readonly createdRefs: Map<string, string>
  /** The revision `revert_page` goes back to when the change names none. */
  readonly revertTo: (change: number) => Effect.Effect<TreeReader, InvalidInput>
  /** Where document work runs (a worker pool in the server). */
  readonly markdown: MarkdownWorkService
  /** The batch's documents, read before its transaction opened (by markdown text); others are read when met. */
  readonly prepared: ReadonlyMap<string, PreparedDocument>
  /** The link destinations of bodies read ahead (by body text), so links need no parse of their own. */
  readonly bodyLinks: Map<string, ReadonlyArray<string>>
  readonly openRevision: (id: string, change: number) => Effect.Effect<TreeReader, InvalidInput>
}

/** An `InvalidInput` naming the field of change `index`. */
export const invalid = (index: number, field: string, rule: string) =>
  Effect.fail(InvalidInput.of(`changes[${index}]${field === "" ? "" : `.${field}`}`, rule))

/** A page id as the batch names it: a ref of a page inserted earlier in the batch, or an id. */
export const pageIdOf = (state: BatchState, idOrRef: string): string => {
  const ref = state.refs.get(refKey(idOrRef))
  return ref?.kind === "page" ? ref.id : idOrRef
}

export const noteOutcome = (state: BatchState, id: string, outcome: PageOutcome) => {
  const before = state.outcomes.get(id)
  if (outcome === "deleted" && before === "created") {
    state.outcomes.delete(id)
    return
  }
  if (before === "created" && outcome === "updated") return
  state.outcomes.set(id, outcome)
}
