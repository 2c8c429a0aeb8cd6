import { Effect } from "effect"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import type { CollectionId } from "../shared/ids.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { type ResolvedLevel, resolveLevel } from "../shared/ResolvedLevel.js"

/** Everything below a collection: its nested collections (parents before children) and spaces not deleted. */
export interface Descendants {
  readonly collections: ReadonlyArray<CollectionRecord>
  readonly spaces: ReadonlyArray<SpaceRecord>
}

export const descendantsOf = (root: CollectionRecord) =>
  Effect.gen(function* () {
    const collectionRepo = yield* CollectionRepository
    const spaceRepo = yield* SpaceRepository
    const collections: Array<CollectionRecord> = []
    const spaces: Array<SpaceRecord> = []
    const queue: Array<CollectionId> = [root.id]
    while (queue.length > 0) {
      const id = queue.shift()!
      const childCollections = yield* collectionRepo.children(root.organizationId, id)
      collections.push(...childCollections)
      queue.push(...childCollections.map((c) => c.id))
      spaces.push(...(yield* spaceRepo.children(root.organizationId, id)))
    }
    return { collections, spaces } satisfies Descendants
  })

/**
 * Brings the descendants of `root` (as already written) in line with it: resolved levels
 * follow the new chain of parents, and everything sits in `root`'s organization. Only rows
 * that change are written; their `updatedAt` is kept, since nobody edited them.
 */
export const settleDescendants = (root: CollectionRecord, descendants: Descendants) =>
  Effect.gen(function* () {
    const collectionRepo = yield* CollectionRepository
    const spaceRepo = yield* SpaceRepository
    const levels = new Map<CollectionId, ResolvedLevel>([[root.id, root.resolvedLevel]])
    const levelBelow = (parentId: CollectionId | null) => (parentId === null ? undefined : levels.get(parentId))
    for (const c of descendants.collections) {
      const resolvedLevel = resolveLevel(c.defaultLevel, levelBelow(c.parentId))
      levels.set(c.id, resolvedLevel)
      if (resolvedLevel !== c.resolvedLevel || c.organizationId !== root.organizationId) {
        yield* collectionRepo.update({ ...c, resolvedLevel, organizationId: root.organizationId })
      }
    }
    for (const s of descendants.spaces) {
      const resolvedLevel = resolveLevel(s.defaultLevel, levelBelow(s.parentId))
      if (resolvedLevel !== s.resolvedLevel || s.organizationId !== root.organizationId) {
        yield* spaceRepo.update({ ...s, resolvedLevel, organizationId: root.organizationId })
      }
    }
  })

/** Whether `candidate` is `ancestor` itself or sits somewhere below it. */
export const isWithin = (candidate: CollectionId | null, ancestor: CollectionId) =>
  Effect.gen(function* () {
    const collections = yield* CollectionRepository
    const seen = new Set<CollectionId>()
    let current = candidate
    while (current !== null && !seen.has(current)) {
      if (current === ancestor) return true
      seen.add(current)
      const found = yield* collections.findById(current)
      current = found._tag === "Some" ? found.value.parentId : null
    }
    return false
  })
