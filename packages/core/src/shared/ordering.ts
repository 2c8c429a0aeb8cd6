import { Effect } from "effect"
import { generateKeyBetween } from "fractional-indexing"
import { InvalidInput } from "./errors.js"

/** One sibling in an ordered container: a kind ("space", "collection", ...), its id and its fractional key. */
export interface Sibling {
  readonly kind: string
  readonly id: string
  readonly position: string
}

export interface SiblingRef {
  readonly kind: string
  readonly id: string
}

/** Where to put an item among its siblings; both absent means "at the end". */
export interface Placement {
  readonly before?: SiblingRef | undefined
  readonly after?: SiblingRef | undefined
}

export const bySiblingOrder = (a: Sibling, b: Sibling): number =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

export const keyAtEnd = (siblings: ReadonlyArray<Sibling>): string => {
  let last: string | null = null
  for (const s of siblings) if (last === null || s.position > last) last = s.position
  return generateKeyBetween(last, null)
}

/**
 * The key that puts an item at `placement` among `siblings` (the item itself excluded).
 * `field` names the request field for errors (e.g. "position").
 */
export const keyFor = (
  siblings: ReadonlyArray<Sibling>,
  placement: Placement | undefined,
  field = "position"
): Effect.Effect<string, InvalidInput> =>
  Effect.suspend(() => {
    const ordered = [...siblings].sort(bySiblingOrder)
    const indexOf = (ref: SiblingRef, side: "before" | "after") => {
      const index = ordered.findIndex((s) => s.id === ref.id && s.kind === ref.kind)
      return index === -1
        ? Effect.fail(InvalidInput.of(`${field}.${side}`, `${ref.kind} "${ref.id}" is not a sibling in the target parent`))
        : Effect.succeed(index)
    }
    const between = (lower: number, upper: number) =>
      Effect.succeed(generateKeyBetween(ordered[lower]?.position ?? null, ordered[upper]?.position ?? null))
    if (placement?.before && placement.after) {
      return Effect.flatMap(
        Effect.all([indexOf(placement.after, "after"), indexOf(placement.before, "before")]),
        ([a, b]) =>
          b === a + 1
            ? between(a, b)
            : Effect.fail(InvalidInput.of(field, "`after` and `before` must be adjacent siblings, in that order"))
      )
    }
    if (placement?.before) return Effect.flatMap(indexOf(placement.before, "before"), (b) => between(b - 1, b))
    if (placement?.after) return Effect.flatMap(indexOf(placement.after, "after"), (a) => between(a, a + 1))
    return Effect.succeed(keyAtEnd(ordered))
  })
