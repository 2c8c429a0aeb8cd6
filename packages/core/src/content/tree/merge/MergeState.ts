import { Effect } from "effect"
import type { PageValue } from "../objects.js"
import type { PageSource } from "../PageSource.js"
import type { TreeReader } from "../TreeReader.js"
import type { WorkingTree } from "../WorkingTree.js"
import type { MergeConflict, PageConflict, PageConflictKind, PageVersion } from "./MergeConflict.js"

/** A merge in progress: the three trees, the result being built over `ours`, the conflicts found. */
export interface MergeState {
  readonly base: TreeReader
  readonly ours: TreeReader
  readonly theirs: TreeReader
  readonly tree: WorkingTree
  readonly conflicts: Array<MergeConflict>
}

const versionOf = (source: PageSource, page: PageValue | undefined) =>
  page === undefined
    ? Effect.succeed(undefined)
    : Effect.map(page.document === null ? Effect.succeed("") : source.document(page.document), (markdown): PageVersion => ({
        page,
        markdown
      }))

/** Records a conflict on page `id`, with its version on each side. */
export const conflictOn = (
  state: MergeState,
  kind: PageConflictKind,
  id: string,
  message: string,
  extra: Pick<PageConflict, "fields" | "other"> = {}
) =>
  Effect.gen(function* () {
    const ours = yield* state.ours.page(id)
    const theirs = yield* state.theirs.page(id)
    const title = (ours ?? theirs ?? (yield* state.base.page(id)))?.title ?? id
    const oursVersion = yield* versionOf(state.ours, ours)
    const theirsVersion = yield* versionOf(state.theirs, theirs)
    state.conflicts.push({
      kind,
      page: { id, title },
      message,
      ...extra,
      ...(oursVersion !== undefined ? { ours: oursVersion } : {}),
      ...(theirsVersion !== undefined ? { theirs: theirsVersion } : {})
    })
  })
