import type { RevisionId, SpaceId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"
import type { ObjectHash } from "./ObjectStore.js"

/** The five variants of the official `Revision.type`. */
export type RevisionType = "edits" | "merge" | "rollback" | "update" | "computed"

/** A revision: metadata plus the hash of its root object. Immutable once written. */
export interface RevisionRecord {
  readonly id: RevisionId
  /** The space it was made in (revisions are shared after duplication; this is where it was born). */
  readonly spaceId: SpaceId
  /** One parent, two for a merge, none for a space's first revision. */
  readonly parents: ReadonlyArray<RevisionId>
  readonly type: RevisionType
  readonly root: ObjectHash
  readonly createdAt: Timestamp
}
