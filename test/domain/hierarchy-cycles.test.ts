import { describe, expect, it } from "@effect/vitest"
import { type Actor, type CollectionId, Collections, type DefaultLevel, type InvalidInput, type OrganizationId, type ResolvedLevel, type SpaceId, Spaces } from "@quire/core"
import { Effect, FastCheck as fc } from "effect"
import { as, contentLayer, contentState, newOrganization, newUser } from "../support/content.js"

const LEVELS: ReadonlyArray<DefaultLevel> = ["inherit", "inherit", "inherit", null, "read", "comment", "edit", "admin"]

type Op =
  | { readonly op: "moveCollection"; readonly item: number; readonly parent: number }
  | { readonly op: "moveSpace"; readonly item: number; readonly parent: number }
  | { readonly op: "transferCollection"; readonly item: number }
  | { readonly op: "transferSpace"; readonly item: number }

const scenario = fc
  .record({ collections: fc.integer({ min: 2, max: 6 }), spaces: fc.integer({ min: 0, max: 4 }) })
  .chain(({ collections, spaces }) =>
    fc.record({
      // Collection i sits under one made before it (index < i), or at the root (-1).
      collectionParents: fc.tuple(...Array.from({ length: collections }, (_, i) => fc.integer({ min: -1, max: i - 1 }))),
      collectionLevels: fc.array(fc.constantFrom(...LEVELS), { minLength: collections, maxLength: collections }),
      spaceParents: fc.array(fc.integer({ min: -1, max: collections - 1 }), { minLength: spaces, maxLength: spaces }),
      spaceLevels: fc.array(fc.constantFrom(...LEVELS), { minLength: spaces, maxLength: spaces }),
      ops: fc.array(
        fc.oneof(
          { weight: 5, arbitrary: fc.record({ op: fc.constant("moveCollection" as const), item: fc.nat(collections - 1), parent: fc.integer({ min: -1, max: collections - 1 }) }) },
          ...(spaces > 0
            ? [
                { weight: 2, arbitrary: fc.record({ op: fc.constant("moveSpace" as const), item: fc.nat(spaces - 1), parent: fc.integer({ min: -1, max: collections - 1 }) }) },
                { weight: 1, arbitrary: fc.record({ op: fc.constant("transferSpace" as const), item: fc.nat(spaces - 1) }) }
              ]
            : []),
          { weight: 1, arbitrary: fc.record({ op: fc.constant("transferCollection" as const), item: fc.nat(collections - 1) }) }
        ) as fc.Arbitrary<Op>,
        { minLength: 1, maxLength: 20 }
      )
    })
  )

interface Node {
  readonly id: string
  parent: string | null
  org: OrganizationId
  readonly level: DefaultLevel
}

const resolve = (own: DefaultLevel, parent: ResolvedLevel | undefined): ResolvedLevel =>
  own === "inherit" ? (parent ?? "inherit") : own === null ? "none" : own

describe("the content tree stays a tree", () => {
  it.effect.prop(
    "random moves and transfers never make a cycle and keep subtrees together",
    [scenario],
    ([s]) =>
      Effect.gen(function* () {
        const collections = yield* Collections
        const spaces = yield* Spaces
        const admin = yield* newUser("Admin")
        const orgA = yield* newOrganization(admin, "Org A")
        const orgB = yield* newOrganization(admin, "Org B")
        const cs: Array<Node> = []
        for (let i = 0; i < s.collectionParents.length; i++) {
          const parent = s.collectionParents[i]! === -1 ? null : cs[s.collectionParents[i]!]!.id
          const made = yield* as(admin)(collections.create(orgA, parent ? { parent } : {}))
          const level = s.collectionLevels[i]!
          if (level !== "inherit") yield* as(admin)(collections.update(made.id, { defaultLevel: level }))
          cs.push({ id: made.id, parent, org: orgA, level })
        }
        const ss: Array<Node> = []
        for (let i = 0; i < s.spaceParents.length; i++) {
          const parent = s.spaceParents[i]! === -1 ? null : cs[s.spaceParents[i]!]!.id
          const made = yield* as(admin)(spaces.create(orgA, parent ? { parent } : {}))
          const level = s.spaceLevels[i]!
          if (level !== "inherit") yield* as(admin)(spaces.update(made.id, { defaultLevel: level }))
          ss.push({ id: made.id, parent, org: orgA, level })
        }
        const byId = new Map(cs.map((c) => [c.id, c]))
        const isWithin = (id: string | null, ancestor: string): boolean =>
          id !== null && (id === ancestor || isWithin(byId.get(id)!.parent, ancestor))
        const other = (org: OrganizationId) => (org === orgA ? orgB : orgA)
        const expectedLevel = (node: Node): ResolvedLevel =>
          resolve(node.level, node.parent === null ? undefined : expectedLevel(byId.get(node.parent)!))

        const check = Effect.gen(function* () {
          const a = yield* contentState(orgA)
          const b = yield* contentState(orgB)
          const stored = [
            ...[...a.collections, ...a.spaces].map((r) => ({ ...r, org: orgA })),
            ...[...b.collections, ...b.spaces].map((r) => ({ ...r, org: orgB }))
          ]
          const storedById = new Map<string, (typeof stored)[number]>(stored.map((r) => [r.id, r]))
          expect(stored).toHaveLength(cs.length + ss.length)
          for (const node of [...cs, ...ss]) {
            const r = storedById.get(node.id)!
            expect([node.id, r.parentId, r.org, r.organizationId, r.resolvedLevel]).toEqual([
              node.id,
              node.parent,
              node.org,
              node.org,
              expectedLevel(node)
            ])
          }
          // Walking up from any collection reaches the root without meeting itself, in its own organization.
          for (const c of [...a.collections, ...b.collections]) {
            const seen = new Set<string>()
            let at: string | null = c.id
            while (at !== null) {
              expect(seen.has(at)).toBe(false)
              seen.add(at)
              const row: (typeof stored)[number] = storedById.get(at)!
              expect(row.organizationId).toBe(c.organizationId)
              at = row.parentId
            }
          }
        })

        yield* check
        for (const op of s.ops) {
          if (op.op === "moveCollection" || op.op === "moveSpace") {
            const node = op.op === "moveCollection" ? cs[op.item]! : ss[op.item]!
            const target = op.parent === -1 ? null : cs[op.parent]!
            const move: Effect.Effect<unknown, InvalidInput | { readonly _tag: "NotFound" | "Forbidden" | "Conflict" }, Actor> =
              op.op === "moveCollection"
                ? collections.move(node.id as CollectionId, { parent: target?.id ?? null })
                : spaces.move(node.id as SpaceId, { parent: target?.id ?? null })
            const result = yield* Effect.either(as(admin)(move))
            const outcome = result._tag === "Right" ? "moved" : result.left._tag
            const intoItself = op.op === "moveCollection" && target !== null && isWithin(target.id, node.id)
            if (intoItself || (target !== null && target.org !== node.org)) {
              expect(result._tag === "Left" && result.left._tag === "InvalidInput" && result.left.field).toBe("parent")
            } else if ((target?.id ?? null) === node.parent) {
              // Same parent: moving to the end is a no-op only for the last sibling.
              expect(["moved", "Conflict"]).toContain(outcome)
            } else {
              expect(outcome).toBe("moved")
              node.parent = target?.id ?? null
            }
          } else {
            const node = op.op === "transferCollection" ? cs[op.item]! : ss[op.item]!
            const to = other(node.org)
            const transfer: Effect.Effect<{ readonly organization: string }, unknown, Actor> =
              op.op === "transferCollection"
                ? collections.transfer(node.id as CollectionId, { organization: to })
                : spaces.transfer(node.id as SpaceId, { organization: to })
            const moved = yield* as(admin)(transfer)
            expect(moved.organization).toBe(to)
            for (const n of [...cs, ...ss]) if (n === node || isWithin(n.parent, node.id)) n.org = to
            node.parent = null
          }
          yield* check
        }
      }).pipe(Effect.provide(contentLayer)),
    { fastCheck: { numRuns: 50 } }
  )
})
