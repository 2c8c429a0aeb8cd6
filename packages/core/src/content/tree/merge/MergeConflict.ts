import type { FileValue, PageValue, ReusableValue } from "../objects.js"

/** One side's version of a page in a conflict: its metadata and its markdown body. */
export interface PageVersion {
  readonly page: PageValue
  readonly markdown: string
}

/**
 * Why a page cannot be merged:
 * - `document`: both sides edited the same region of its document;
 * - `fields`: both sides set a metadata field (listed in `fields`) to different values;
 * - `moved`: both sides moved it, under different parents;
 * - `edited-deleted`: one side deleted it, the other changed it;
 * - `deleted-parent`: one side deleted it, the other put a page under it (`other`);
 * - `slug`: after merging, it and `other` have the same slug under the same parent;
 * - `cycle`: after merging, moves on both sides would put it under itself (`other`: the next page of the cycle).
 */
export type PageConflictKind = "document" | "fields" | "moved" | "edited-deleted" | "deleted-parent" | "slug" | "cycle"

export interface PageConflict {
  readonly kind: PageConflictKind
  readonly page: { readonly id: string; readonly title: string }
  readonly message: string
  readonly fields?: ReadonlyArray<string>
  readonly other?: { readonly id: string; readonly title: string }
  /** Absent: the page does not exist on that side. */
  readonly ours?: PageVersion
  readonly theirs?: PageVersion
}

/** A file or reusable content changed differently on both sides (the change API never does this: it only adds files). */
export interface EntryConflict {
  readonly kind: "file" | "reusable"
  readonly id: string
  readonly message: string
  readonly ours?: FileValue | ReusableValue
  readonly theirs?: FileValue | ReusableValue
}

export type MergeConflict = PageConflict | EntryConflict
