import { Effect, Option } from "effect"
import { generateKeyBetween } from "fractional-indexing"
import type { CollectionId, OrganizationId } from "../shared/ids.js"
import { bySiblingOrder, type Sibling, type SiblingRef } from "../shared/ordering.js"
import { type ResolvedLevel, resolveLevel } from "../shared/ResolvedLevel.js"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"
import { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"

/** Everything below a collection: its nested collections (parents before children) and spaces not deleted. */
export interface Descendants {
  readonly collections: ReadonlyArray<CollectionRecord>
  readonly spaces: ReadonlyArray<SpaceRecord>
}

/**
 * The tree of collections and spaces in an organization: sibling order, parents and
 * descendants. Its reads and writes require `Authorized` (their ports' do): callers ask `Access` first.
 */
export class Hierarchy extends Effect.Service<Hierarchy>()("@quire/core/Hierarchy", {
  effect: Effect.gen(function* () {
    const collections = yield* CollectionRepository
    const spaces = yield* SpaceRepository

    /**
     * The ordered content of one parent: its collections and its spaces (not deleted) share one
     * sibling order. `exclude` leaves out the item being placed.
     */
    const siblingsOf = (organizationId: OrganizationId, parentId: CollectionId | null, exclude?: SiblingRef) =>
      Effect.gen(function* () {
        const childCollections = yield* collections.children(organizationId, parentId)
        const childSpaces = yield* spaces.children(organizationId, parentId)
        const all: Array<Sibling> = [
          ...childCollections.map((c) => ({ kind: "collection", id: c.id, position: c.position })),
          ...childSpaces.map((s) => ({ kind: "space", id: s.id, position: s.position }))
        ]
        return all.filter((s) => !(exclude && s.kind === exclude.kind && s.id === exclude.id)).sort(bySiblingOrder)
      })

    /**
     * The key that puts a new item after every sibling of a parent, from the greatest key of
     * each kind: two indexed reads, whatever the number of siblings.
     */
    const endKeyOf = (organizationId: OrganizationId, parentId: CollectionId | null) =>
      Effect.gen(function* () {
        const lastCollection = yield* collections.lastPosition(organizationId, parentId)
        const lastSpace = yield* spaces.lastPosition(organizationId, parentId)
        const last = [lastCollection, lastSpace].flatMap(Option.toArray).reduce<string | null>(
          (a, b) => (a === null || b > a ? b : a),
          null
        )
        return generateKeyBetween(last, null)
      })

    /** The resolved level of the collection an item sits in, or undefined at the root. */
    const parentLevel = (parentId: CollectionId | null) =>
      parentId === null
        ? Effect.succeed(undefined)
        : Effect.map(collections.findById(parentId), (c) => Option.getOrUndefined(Option.map(c, (c) => c.resolvedLevel)))

    /** The collection `parentId` names, if it still exists in the organization. */
    const parentIn = (organizationId: OrganizationId, parentId: CollectionId | null) =>
      parentId === null
        ? Effect.succeed(Option.none<CollectionRecord>())
        : Effect.map(collections.findById(parentId), Option.filter((c) => c.organizationId === organizationId))

    const descendantsOf = (root: CollectionRecord) =>
      Effect.gen(function* () {
        const below: Array<CollectionRecord> = []
        const spacesBelow: Array<SpaceRecord> = []
        const queue: Array<CollectionId> = [root.id]
        while (queue.length > 0) {
          const id = queue.shift()!
          const childCollections = yield* collections.children(root.organizationId, id)
          below.push(...childCollections)
          queue.push(...childCollections.map((c) => c.id))
          spacesBelow.push(...(yield* spaces.children(root.organizationId, id)))
        }
        return { collections: below, spaces: spacesBelow } satisfies Descendants
      })

    /**
     * Brings the descendants of `root` (as already written) in line with it: resolved levels
     * follow the new chain of parents, and everything sits in `root`'s organization. Only rows
     * that change are written; their `updatedAt` is kept, since nobody edited them.
     */
    const settleDescendants = (root: CollectionRecord, descendants: Descendants) =>
      Effect.gen(function* () {
        const levels = new Map<CollectionId, ResolvedLevel>([[root.id, root.resolvedLevel]])
        const levelBelow = (parentId: CollectionId | null) => (parentId === null ? undefined : levels.get(parentId))
        for (const c of descendants.collections) {
          const resolvedLevel = resolveLevel(c.defaultLevel, levelBelow(c.parentId))
          levels.set(c.id, resolvedLevel)
          if (resolvedLevel !== c.resolvedLevel || c.organizationId !== root.organizationId) {
            yield* collections.update({ ...c, resolvedLevel, organizationId: root.organizationId })
          }
        }
        for (const s of descendants.spaces) {
          const resolvedLevel = resolveLevel(s.defaultLevel, levelBelow(s.parentId))
          if (resolvedLevel !== s.resolvedLevel || s.organizationId !== root.organizationId) {
            yield* spaces.update({ ...s, resolvedLevel, organizationId: root.organizationId })
          }
        }
      })

    /** Whether `candidate` is `ancestor` itself or sits somewhere below it. */
    const isWithin = (candidate: CollectionId | null, ancestor: CollectionId) =>
      Effect.gen(function* () {
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

    return { siblingsOf, endKeyOf, parentLevel, parentIn, descendantsOf, settleDescendants, isWithin } as const
  })
}) {}
