import { Effect, Option } from "effect"
import { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { siblingsOf } from "../hierarchy/siblings.js"
import { keyAtEnd } from "../shared/ordering.js"
import { addMillis, DAY_MS, type Timestamp } from "../shared/time.js"
import { Storage } from "../storage/Storage.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"

/** How long a deleted space can be restored; after that it is purged. */
export const RESTORE_WINDOW_MS = 7 * DAY_MS
const PURGE_BATCH = 100

/** Restore is allowed up to exactly 7 days after deletion. */
export const restorable = (deletedAt: Timestamp, at: Timestamp): boolean => at <= addMillis(deletedAt, RESTORE_WINDOW_MS)

/** `in-collection` only makes sense inside a collection; at the root such a space becomes private. */
export const visibilityAt = (space: SpaceRecord, parentId: string | null): SpaceRecord["visibility"] =>
  parentId === null && space.visibility === "in-collection" ? "private" : space.visibility

/**
 * A deleted space as it comes back: where it was, or, if its collection is gone (deleted, or
 * transferred to another organization), at the end of the organization's root. Its old key
 * is kept unless a newer sibling has taken it meanwhile.
 */
export const restoredSpace = (space: SpaceRecord, at: Timestamp) =>
  Effect.gen(function* () {
    const collections = yield* CollectionRepository
    const parent =
      space.parentId === null
        ? Option.none()
        : Option.filter(yield* collections.findById(space.parentId), (c) => c.organizationId === space.organizationId)
    const parentId = Option.isSome(parent) ? parent.value.id : null
    const siblings = yield* siblingsOf(space.organizationId, parentId)
    const backInPlace = parentId === space.parentId && !siblings.some((s) => s.position === space.position)
    return {
      ...space,
      parentId,
      visibility: visibilityAt(space, parentId),
      position: backInPlace ? space.position : keyAtEnd(siblings),
      resolvedLevel: resolveLevel(space.defaultLevel, Option.isSome(parent) ? parent.value.resolvedLevel : undefined),
      deletedAt: null,
      updatedAt: at
    } satisfies SpaceRecord
  })

/** Removes for good every space deleted more than 7 days before `at`, in batches; returns how many. */
export const purgeSpacesExpiredAt = (at: Timestamp) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const spaces = yield* SpaceRepository
    // Purge only what can no longer be restored: strictly more than the window ago.
    const deletedBefore = addMillis(at, -RESTORE_WINDOW_MS - 1)
    let purged = 0
    while (true) {
      const batch = yield* storage.transaction(
        Effect.gen(function* () {
          const ids = yield* spaces.listExpired(deletedBefore, PURGE_BATCH)
          for (const id of ids) yield* spaces.purge(id)
          return ids.length
        })
      )
      purged += batch
      if (batch < PURGE_BATCH) return purged
    }
  })
