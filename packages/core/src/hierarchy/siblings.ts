import { Effect, Option } from "effect"
import { generateKeyBetween } from "fractional-indexing"
import { CollectionRepository } from "../storage/collections/CollectionRepository.js"
import { InvalidInput } from "../shared/errors.js"
import type { CollectionId, OrganizationId } from "../shared/ids.js"
import { bySiblingOrder, keyFor, type Placement, type Sibling, type SiblingRef } from "../shared/ordering.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import type { ContentPointer, ContentPosition } from "./inputs.js"

/**
 * The ordered content of one parent: its collections and its spaces (not deleted) share one
 * sibling order. `exclude` leaves out the item being placed.
 */
export const siblingsOf = (organizationId: OrganizationId, parentId: CollectionId | null, exclude?: SiblingRef) =>
  Effect.gen(function* () {
    const collections = yield* (yield* CollectionRepository).children(organizationId, parentId)
    const spaces = yield* (yield* SpaceRepository).children(organizationId, parentId)
    const all: Array<Sibling> = [
      ...collections.map((c) => ({ kind: "collection", id: c.id, position: c.position })),
      ...spaces.map((s) => ({ kind: "space", id: s.id, position: s.position }))
    ]
    return all.filter((s) => !(exclude && s.kind === exclude.kind && s.id === exclude.id)).sort(bySiblingOrder)
  })

/**
 * The key that puts a new item after every sibling of a parent, from the greatest key of
 * each kind: two indexed reads, whatever the number of siblings.
 */
export const endKeyOf = (organizationId: OrganizationId, parentId: CollectionId | null) =>
  Effect.gen(function* () {
    const lastCollection = yield* (yield* CollectionRepository).lastPosition(organizationId, parentId)
    const lastSpace = yield* (yield* SpaceRepository).lastPosition(organizationId, parentId)
    const last = [lastCollection, lastSpace].flatMap(Option.toArray).reduce<string | null>(
      (a, b) => (a === null || b > a ? b : a),
      null
    )
    return generateKeyBetween(last, null)
  })

export const pointerRef = (pointer: ContentPointer): SiblingRef =>
  pointer.type === "space" ? { kind: "space", id: pointer.space } : { kind: "collection", id: pointer.collection }

export const placementOf = (position: ContentPosition | undefined): Placement => ({
  before: position?.before ? pointerRef(position.before) : undefined,
  after: position?.after ? pointerRef(position.after) : undefined
})

/** Where an item lands among its siblings: its new key, or `unchanged` when it already is there. */
export type Landing = { readonly _tag: "unchanged" } | { readonly _tag: "key"; readonly key: string }

/**
 * Places an item at `position` among `siblings` (the item itself excluded, sorted).
 * `current` is the item as it sits now when it stays in the same parent: if the requested
 * place is where it already is, the result is `unchanged`.
 */
export const land = (
  siblings: ReadonlyArray<Sibling>,
  position: ContentPosition | undefined,
  current?: Sibling
): Effect.Effect<Landing, InvalidInput> =>
  Effect.gen(function* () {
    const placement = placementOf(position)
    const indexOf = (side: "before" | "after") =>
      Effect.suspend(() => {
        const ref = placement[side]!
        const index = siblings.findIndex((s) => s.kind === ref.kind && s.id === ref.id)
        return index === -1
          ? Effect.fail(
              InvalidInput.of(`position.${side}.${ref.kind}`, `${ref.kind} "${ref.id}" is not a sibling in the target parent`)
            )
          : Effect.succeed(index)
      })
    const after = placement.after ? yield* indexOf("after") : undefined
    const before = placement.before ? yield* indexOf("before") : undefined
    const key = yield* keyFor(siblings, placement, "position")
    const target = before ?? (after !== undefined ? after + 1 : siblings.length)
    if (current !== undefined) {
      const now = siblings.filter((s) => bySiblingOrder(s, current) < 0).length
      if (now === target) return { _tag: "unchanged" } as const
    }
    return { _tag: "key", key } as const
  })
