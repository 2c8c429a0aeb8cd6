import { describe, expect, it } from "@effect/vitest"
import { InvalidInput, normalizeMarkdown, ObjectStore, parseDocument } from "@quire/core"
import { Effect, FastCheck as fc } from "effect"
import { applyChanges } from "../../packages/core/src/content/tree/index.js"
import { dumpTree, engineLayer, expectATree, seedRevision } from "./content-engine.fixtures.js"
import { baseTree, batchOf, intent, modelOf } from "./content-engine.model.js"

const scenario = fc.record({ base: baseTree(8), intents: fc.array(intent, { minLength: 1, maxLength: 12 }) })

describe("applyChanges: properties", () => {
  it.effect.prop(
    "apply then read gives what was asked, and the pages form a tree",
    [scenario],
    ([{ base, intents }]) =>
      Effect.gen(function* () {
        const model = modelOf(base)
        const { changes } = batchOf(model, intents)
        if (changes.length === 0) return
        const start = yield* seedRevision(base)
        const applied = yield* applyChanges(start.id, changes)
        const ids = new Map<string, string>(base.map((page) => [page.id, page.id]))
        for (const change of applied.changes) if (change.object === "created_page") ids.set(change.ref!, change.page)
        const dump = yield* dumpTree(applied.revision)
        expectATree(dump)
        expect(dump.pages.size).toBe(model.pages.size)
        const idOf = (key: string | null) => (key === null ? null : ids.get(key)!)
        for (const page of model.pages.values()) {
          const stored = dump.pages.get(idOf(page.key)!)!
          expect(stored.title).toBe(page.title)
          expect(stored.slug).toBe(page.slug)
          expect(stored.parent).toBe(idOf(page.parent))
          if (page.body !== undefined) {
            const body = dump.bodies.get(stored.id)!
            expect(body).toBe(parseDocument(page.body).body)
            expect(normalizeMarkdown(body)).toBe(body)
          }
        }
        for (const [parent, keys] of model.children) {
          if (keys.length === 0) continue
          expect(dump.children.get(parent === "" ? "" : idOf(parent)!)).toEqual(keys.map((key) => idOf(key)))
        }
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 40 } }
  )

  it.effect.prop(
    "a batch with one invalid change is rejected whole, naming that change, and writes nothing",
    [scenario, fc.nat(), fc.constantFrom("unknown-page", "slug-collision", "cycle")],
    ([{ base, intents }, position, kind]) =>
      Effect.gen(function* () {
        const model = modelOf(base)
        const { changes } = batchOf(model, intents.slice(0, position % (intents.length + 1)))
        const root = [...model.children.get("") ?? []]
        const bad =
          kind === "slug-collision" && root.length > 0
            ? { operation: "insert_page" as const, title: "x", slug: model.pages.get(root[0]!)!.slug, document: {} }
            : kind === "cycle" && root.length > 0
              ? { operation: "update_page" as const, page: root[0]!, into: root[0]! }
              : { operation: "delete_page" as const, page: "no-such-page" }
        const batch = [...changes, bad]
        const start = yield* seedRevision(base)
        const store = yield* ObjectStore
        const before = yield* store.size
        const error = yield* Effect.flip(applyChanges(start.id, batch))
        expect(error).toBeInstanceOf(InvalidInput)
        expect((error as InvalidInput).field.startsWith(`changes[${batch.length - 1}]`)).toBe(true)
        expect(yield* store.size).toEqual(before)
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 40 } }
  )
})
