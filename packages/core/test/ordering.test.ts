import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc } from "effect"
import { bySiblingOrder, type ContentPosition, land, type Sibling } from "../src/index.js"

/** A move among siblings: which item, and where relative to which other item (by index). */
type Where = { readonly kind: "end" } | { readonly kind: "before" | "after" | "between"; readonly target: number }
interface Move {
  readonly item: number
  readonly where: Where
}

const move = (size: number): fc.Arbitrary<Move> =>
  fc.record({
    item: fc.nat({ max: size - 1 }),
    where: fc.oneof(
      fc.constant({ kind: "end" as const }),
      fc.record({ kind: fc.constantFrom("before" as const, "after" as const, "between" as const), target: fc.nat({ max: size - 1 }) })
    )
  })

const scenario = fc.integer({ min: 2, max: 8 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    kinds: fc.array(fc.constantFrom("space", "collection"), { minLength: size, maxLength: size }),
    moves: fc.array(move(size), { maxLength: 30 })
  })
)

const pointer = (s: Sibling) =>
  s.kind === "space" ? ({ type: "space", space: s.id } as const) : ({ type: "collection", collection: s.id } as const)

/**
 * The request for `where` given the other siblings in order, and the index the item takes
 * among them in the plain-array model; undefined when the request makes no sense (e.g. the
 * target is the item itself).
 */
const request = (others: ReadonlyArray<Sibling>, where: Where): [ContentPosition, number] | undefined => {
  if (where.kind === "end") return [{}, others.length]
  const target = others[Math.min(where.target, others.length - 1)]!
  const index = others.indexOf(target)
  switch (where.kind) {
    case "before":
      return [{ before: pointer(target) }, index]
    case "after":
      return [{ after: pointer(target) }, index + 1]
    case "between": {
      const next = others[index + 1]
      return next ? [{ after: pointer(target), before: pointer(next) }, index + 1] : [{ after: pointer(target) }, index + 1]
    }
  }
}

describe("ordering of content siblings", () => {
  it.effect.prop(
    "any sequence of moves gives the order of the same moves on a plain array",
    [scenario],
    ([{ size, kinds, moves }]) =>
      Effect.gen(function* () {
        let siblings: Array<Sibling> = []
        for (let i = 0; i < size; i++) {
          const placed = yield* land(siblings, undefined)
          if (placed._tag !== "key") return yield* Effect.die("a new item always lands")
          siblings.push({ kind: kinds[i]!, id: `item${i}`, position: placed.key })
        }
        let model = siblings.map((s) => s.id)
        for (const m of moves) {
          const item = siblings.find((s) => s.id === `item${m.item}`)!
          const others = siblings.filter((s) => s !== item).sort(bySiblingOrder)
          const [position, index] = request(others, m.where)!
          const landing = yield* land(others, position, item)
          const next = model.filter((id) => id !== item.id)
          next.splice(index, 0, item.id)
          const unchanged = next.every((id, i) => id === model[i])
          expect(landing._tag).toBe(unchanged ? "unchanged" : "key")
          if (landing._tag === "key") {
            siblings = [...others, { ...item, position: landing.key }]
            model = next
          }
          expect([...siblings].sort(bySiblingOrder).map((s) => s.id)).toEqual(model)
        }
      }),
    { fastCheck: { numRuns: 50 } }
  )

  it.effect("pointers that are not siblings, or after/before that are not adjacent, name the field", () =>
    Effect.gen(function* () {
      const siblings: Array<Sibling> = [
        { kind: "space", id: "a", position: "a0" },
        { kind: "collection", id: "b", position: "a1" },
        { kind: "space", id: "c", position: "a2" }
      ]
      const fieldOf = (position: ContentPosition) => Effect.map(Effect.flip(land(siblings, position)), (e) => e.field)
      expect(yield* fieldOf({ before: { type: "space", space: "b" } })).toBe("position.before.space")
      expect(yield* fieldOf({ after: { type: "collection", collection: "a" } })).toBe("position.after.collection")
      expect(yield* fieldOf({ after: { type: "space", space: "c" }, before: { type: "space", space: "a" } })).toBe(
        "position"
      )
      const between = yield* land(siblings, { after: { type: "space", space: "a" }, before: { type: "collection", collection: "b" } })
      expect(between._tag === "key" && between.key > "a0" && between.key < "a1").toBe(true)
    }))
})
