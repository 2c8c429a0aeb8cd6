import { Option } from "effect"
import { keyAtEnd, type Sibling } from "../shared/ordering.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { addMillis, DAY_MS, type Timestamp } from "../shared/time.js"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"

/** How long a deleted space can be restored; after that it is purged. */
export const RESTORE_WINDOW_MS = 7 * DAY_MS

/** Restore is allowed up to exactly 7 days after deletion. */
export const restorable = (deletedAt: Timestamp, at: Timestamp): boolean => at <= addMillis(deletedAt, RESTORE_WINDOW_MS)

/** Spaces deleted before this instant can no longer be restored at `at`: strictly more than the window ago. */
export const purgeableBefore = (at: Timestamp): Timestamp => addMillis(at, -RESTORE_WINDOW_MS - 1)

/** `in-collection` only makes sense inside a collection; at the root such a space becomes private. */
export const visibilityAt = (space: SpaceRecord, parentId: string | null): SpaceRecord["visibility"] =>
  parentId === null && space.visibility === "in-collection" ? "private" : space.visibility

/**
 * A deleted space as it comes back: where it was, or, if its collection is gone (deleted, or
 * transferred to another organization), at the end of the organization's root. `parent` is
 * its collection if it still exists there, `siblings` the content of the parent it lands in.
 * Its old key is kept unless a newer sibling has taken it meanwhile.
 */
export const restoredSpace = (
  space: SpaceRecord,
  parent: Option.Option<CollectionRecord>,
  siblings: ReadonlyArray<Sibling>,
  at: Timestamp
): SpaceRecord => {
  const parentId = Option.isSome(parent) ? parent.value.id : null
  const backInPlace = parentId === space.parentId && !siblings.some((s) => s.position === space.position)
  return {
    ...space,
    parentId,
    visibility: visibilityAt(space, parentId),
    position: backInPlace ? space.position : keyAtEnd(siblings),
    resolvedLevel: resolveLevel(space.defaultLevel, Option.isSome(parent) ? parent.value.resolvedLevel : undefined),
    deletedAt: null,
    updatedAt: at
  }
}
