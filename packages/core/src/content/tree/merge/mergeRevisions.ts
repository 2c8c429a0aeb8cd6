import { Effect } from "effect"
import type { RevisionId, SpaceId } from "../../../shared/ids.js"
import type { ObjectHash } from "../../../storage/content/ObjectStore.js"
import type { RevisionRecord } from "../../../storage/content/RevisionRecord.js"
import { type EngineReads, makeEngineReads, type OpenRevision, openRevision } from "../EngineReads.js"
import { parentKey, ROOT_KEY } from "../objects.js"
import type { TreeReader } from "../TreeReader.js"
import type { MapChange } from "../../store/PersistentMap.js"
import { makeWorkingTree } from "../WorkingTree.js"
import { writeRevision } from "../writeRevision.js"
import type { MergeConflict } from "./MergeConflict.js"
import { mergeEntries } from "./mergeEntries.js"
import { mergeList } from "./mergeList.js"
import { mergePage } from "./mergePage.js"
import { conflictOn, type MergeState } from "./MergeState.js"
import { settleStructure } from "./settleStructure.js"

export interface MergeOptions {
  /** Only tell whether it would merge; write nothing. */
  readonly dryRun?: boolean
  /** The space the merge revision is made in; by default `ours`'s. */
  readonly spaceId?: SpaceId
}

export type MergeOutcome =
  /** The new `merge` revision, parents `[ours, theirs]`. */
  | { readonly _tag: "Merged"; readonly revision: RevisionRecord; readonly objectsWritten: number }
  /** A dry run that would merge, and the tree it would make. */
  | { readonly _tag: "Mergeable"; readonly root: ObjectHash }
  | { readonly _tag: "Conflicted"; readonly conflicts: ReadonlyArray<MergeConflict> }

const parentOfKey = (key: string) => (key === ROOT_KEY ? null : key)

/**
 * The parents (children-map keys) whose structure one side touched: lists it changed, and
 * the old and new parents of pages it moved or renamed. Only a list both sides touched can
 * end up with a duplicate, a missing page or a slug collision; a document edit touches none.
 */
const structureTouched = (base: TreeReader, side: TreeReader, pages: ReadonlyArray<MapChange>, lists: ReadonlyArray<MapChange>) =>
  Effect.gen(function* () {
    const touched = new Set(lists.map((change) => change.key))
    const keys = pages.map((change) => change.key)
    const [before, after] = yield* Effect.all([base.pages(keys), side.pages(keys)])
    for (const key of keys) {
      const old = before.get(key)
      const now = after.get(key)
      if (old !== undefined && now !== undefined && old.parent === now.parent && old.slug === now.slug) continue
      if (old !== undefined) touched.add(parentKey(old.parent))
      if (now !== undefined) touched.add(parentKey(now.parent))
    }
    return touched
  })

const conflictKey = (conflict: MergeConflict) => `${"page" in conflict ? conflict.page.id : conflict.id}\u0000${conflict.kind}`

/** The merged tree's hash and its new objects, or the conflicts; `ours` is the starting point. */
const mergeTrees = (reads: EngineReads, base: OpenRevision, ours: OpenRevision, theirs: OpenRevision) =>
  Effect.gen(function* () {
    const [b, o, t] = [base.tree, ours.tree, theirs.tree]
    if (o.hash === t.hash || t.hash === b.hash) return { _tag: "Tree", hash: o.hash, objects: [] } as const
    if (o.hash === b.hash) return { _tag: "Tree", hash: t.hash, objects: [] } as const
    const diff = (side: "pages" | "children" | "files" | "reusables") =>
      Effect.all([reads.maps.diff(b.tree[side], o.tree[side]), reads.maps.diff(b.tree[side], t.tree[side])])
    const [[pagesO, pagesT], [childrenO, childrenT], [filesO, filesT], [reusablesO, reusablesT]] = yield* Effect.all([
      diff("pages"),
      diff("children"),
      diff("files"),
      diff("reusables")
    ])
    const state: MergeState = { base: b, ours: o, theirs: t, tree: makeWorkingTree(reads.maps, o), conflicts: [] }
    const { tree } = state

    const oursPages = new Map(pagesO.map((change) => [change.key, change.after]))
    const keysT = pagesT.map((change) => change.key)
    const [pagesB, pagesOurs, pagesTheirs] = yield* Effect.all([b.pages(keysT), o.pages(keysT), t.pages(keysT)])
    for (const change of pagesT) {
      const theirsPage = pagesTheirs.get(change.key)
      if (!oursPages.has(change.key)) {
        if (theirsPage === undefined) tree.removePage(change.key)
        else tree.setPage(theirsPage)
        continue
      }
      if (oursPages.get(change.key) === change.after) continue
      const oursPage = pagesOurs.get(change.key)
      if (oursPage === undefined || theirsPage === undefined) {
        const message = oursPage === undefined ? "ours deleted the page, theirs changed it" : "theirs deleted the page, ours changed it"
        yield* conflictOn(state, "edited-deleted", change.key, message)
        continue
      }
      yield* mergePage(state, pagesB.get(change.key), oursPage, theirsPage)
    }

    const oursLists = new Map(childrenO.map((change) => [change.key, change.after]))
    for (const change of childrenT) {
      const parent = parentOfKey(change.key)
      if (!oursLists.has(change.key)) tree.setChildren(parent, yield* t.children(parent))
      else if (oursLists.get(change.key) !== change.after) {
        tree.setChildren(parent, mergeList(yield* b.children(parent), yield* o.children(parent), yield* t.children(parent)))
      }
    }

    yield* mergeEntries(state, "file", filesO, filesT, (side, id) => (side === "ours" ? o : t).file(id), tree.setFile, tree.removeFile)
    yield* mergeEntries(
      state,
      "reusable",
      reusablesO,
      reusablesT,
      (side, id) => (side === "ours" ? o : t).reusable(id),
      tree.setReusable,
      tree.removeReusable
    )
    if (state.conflicts.length === 0) {
      const pages = new Set([...pagesO, ...pagesT].map((change) => change.key))
      const [touchedO, touchedT] = yield* Effect.all([
        structureTouched(b, o, pagesO, childrenO),
        structureTouched(b, t, pagesT, childrenT)
      ])
      yield* settleStructure(state, pages, new Set([...touchedO].filter((key) => touchedT.has(key))))
    }
    if (state.conflicts.length > 0) {
      const conflicts = [...state.conflicts].sort((x, y) => (conflictKey(x) < conflictKey(y) ? -1 : conflictKey(x) > conflictKey(y) ? 1 : 0))
      return { _tag: "Conflicts", conflicts } as const
    }
    const committed = yield* tree.commit
    return { _tag: "Tree", hash: committed.hash, objects: committed.objects } as const
  })

/**
 * Three-way merge of revisions `ours` and `theirs` from their common ancestor `base`. Only
 * what either side changed is visited (by diffing the maps against `base`): a page changed on
 * one side takes that side; changed on both, it is merged field by field and its document
 * line by line; then the tree is checked (parents, slugs, cycles). Gives a `merge` revision
 * with parents `[ours, theirs]`, or the conflicts, each naming its page with both versions.
 * Merging a side with no changes gives the other side's tree unchanged (same root hash).
 */
export const mergeRevisions = (baseId: string, oursId: string, theirsId: string, options: MergeOptions = {}) =>
  Effect.gen(function* () {
    const reads = yield* makeEngineReads
    const base = yield* openRevision(reads, baseId)
    const ours = yield* openRevision(reads, oursId)
    const theirs = yield* openRevision(reads, theirsId)
    const merged = yield* mergeTrees(reads, base, ours, theirs)
    if (merged._tag === "Conflicts") return { _tag: "Conflicted", conflicts: merged.conflicts } satisfies MergeOutcome as MergeOutcome
    if (options.dryRun) return { _tag: "Mergeable", root: merged.hash } satisfies MergeOutcome as MergeOutcome
    const written = yield* writeRevision({
      spaceId: options.spaceId ?? ours.record.spaceId,
      parents: [ours.record.id as RevisionId, theirs.record.id as RevisionId],
      type: "merge",
      root: merged.hash,
      objects: merged.objects
    })
    return { _tag: "Merged", ...written } satisfies MergeOutcome as MergeOutcome
  })
