import { Effect } from "effect"
import { InvalidInput } from "../shared/errors.js"
import { bySiblingOrder, keyFor, type Placement, type Sibling, type SiblingRef } from "../shared/ordering.js"
import type { ContentPointer, ContentPosition } from "./inputs.js"

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
