import { describe, expect, it } from "@effect/vitest"
import { type CollectionId, Collections, type ContentPointer, type ContentPosition, type SpaceId, Spaces } from "@quire/core"
import { Effect, FastCheck as fc } from "effect"
import { as, contentLayer, contentState, newOrganization, newUser } from "../support/content.js"

type Where = { readonly kind: "end" } | { readonly kind: "before" | "after" | "between"; readonly target: number }
const scenario = fc.integer({ min: 2, max: 7 }).chain((size) =>
  fc.record({
    inCollection: fc.boolean(),
    kinds: fc.array(fc.constantFrom("space" as const, "collection" as const), { minLength: size, maxLength: size }),
    moves: fc.array(
      fc.record({
        item: fc.nat({ max: size - 1 }),
        where: fc.oneof(
          fc.constant({ kind: "end" as const }),
          fc.record({
            kind: fc.constantFrom("before" as const, "after" as const, "between" as const),
            target: fc.nat({ max: size - 2 })
          })
        ),
        /** Whether the request names the (unchanged) parent explicitly. */
        sayParent: fc.boolean()
      }),
      { minLength: 1, maxLength: 15 }
    )
  })
)

interface Item {
  readonly kind: "space" | "collection"
  readonly id: string
}

const pointer = (item: Item): ContentPointer =>
  item.kind === "space" ? { type: "space", space: item.id } : { type: "collection", collection: item.id }

/** The request, and the order the plain-array model gives for it. */
const plan = (order: ReadonlyArray<Item>, item: Item, where: Where): [ContentPosition, ReadonlyArray<Item>] => {
  const others = order.filter((x) => x !== item)
  const target = where.kind === "end" ? undefined : others[Math.min(where.target, others.length - 1)]!
  const at = target ? others.indexOf(target) : others.length
  let position: ContentPosition = {}
  let index = others.length
  if (where.kind === "before") [position, index] = [{ before: pointer(target!) }, at]
  if (where.kind === "after") [position, index] = [{ after: pointer(target!) }, at + 1]
  if (where.kind === "between") {
    const next = others[at + 1]
    position = next ? { after: pointer(target!), before: pointer(next) } : { after: pointer(target!) }
    index = at + 1
  }
  return [position, [...others.slice(0, index), item, ...others.slice(index)]]
}

describe("ordering of collections and spaces in one parent", () => {
  it.effect.prop(
    "any sequence of moves gives the sibling order of the same moves on a plain array",
    [scenario],
    ([{ inCollection, kinds, moves }]) =>
      Effect.gen(function* () {
        const collections = yield* Collections
        const spaces = yield* Spaces
        const admin = yield* newUser("Admin")
        const org = yield* newOrganization(admin)
        const parent = inCollection ? (yield* as(admin)(collections.create(org, { title: "P" }))).id : null
        const made: Array<Item> = []
        for (const kind of kinds) {
          const input = parent ? { parent } : {}
          const created =
            kind === "space"
              ? yield* as(admin)(spaces.create(org, input))
              : yield* as(admin)(collections.create(org, input))
          made.push({ kind, id: created.id })
        }
        const stored = Effect.map(contentState(org), (st) =>
          [...st.collections, ...st.spaces]
            .filter((x) => x.parentId === parent)
            .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1))
            .map((x) => x.id)
        )
        let model: ReadonlyArray<Item> = made
        expect(yield* stored).toEqual(model.map((x) => x.id))
        for (const m of moves) {
          const item = made[m.item]!
          const [position, next] = plan(model, item, m.where)
          const input = m.sayParent ? { parent, position } : { position }
          const moving: Effect.Effect<unknown, { readonly _tag: string }> =
            item.kind === "space"
              ? as(admin)(spaces.move(item.id as SpaceId, input))
              : as(admin)(collections.move(item.id as CollectionId, input))
          const result = yield* Effect.either(moving)
          const unchanged = next.every((x, i) => x === model[i])
          expect(result._tag === "Left" ? result.left._tag : "moved").toBe(unchanged ? "Conflict" : "moved")
          model = next
          expect(yield* stored).toEqual(model.map((x) => x.id))
        }
      }).pipe(Effect.provide(contentLayer)),
    { fastCheck: { numRuns: 40 } }
  )
})
