import { describe, expect, it } from "@effect/vitest"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"
import { ContentEngine } from "../../packages/core/src/content/tree/index.js"
import { sqliteTestStorage } from "../support/sqlite.js"
import { SPACE } from "./content-engine.fixtures.js"

const scenario = Effect.gen(function* () {
  const engine = yield* ContentEngine
  const { revision: base } = yield* engine.importPages([{ id: "a", title: "A", markdown: "One.\n\nTwo." }], { spaceId: SPACE })
  const ours = yield* engine.apply(base.id, [{ operation: "update_page", page: "a", document: { markdown: "One, ours.\n\nTwo." } }])
  const theirs = yield* engine.apply(base.id, [{ operation: "insert_page", title: "B", document: { markdown: "See [A](/pages/a)." } }])
  const diff = yield* engine.diff(base.id, theirs.revision.id, { urls: { revision: () => "", page: () => "", file: () => "" } })
  expect(diff.changes.map((c) => c.type)).toEqual(["page_created"])
  const merged = yield* engine.merge(base.id, ours.revision.id, theirs.revision.id)
  expect(merged._tag).toBe("Merged")
  const tree = yield* engine.tree(merged._tag === "Merged" ? merged.revision.id : "")
  expect(yield* tree.body("a")).toBe("One, ours.\n\nTwo.\n")
  const b = (yield* tree.children(null)).find((page) => page.title === "B")!
  expect(yield* tree.body(b.id)).toBe("See [A](/pages/a).\n")
  // An unknown revision is NotFound.
  const missing = yield* Effect.flip(engine.tree("nope"))
  expect(missing._tag).toBe("NotFound")
  // A kept tree reads as the tree does, per revision, and is the same tree when asked again.
  const keptOurs = yield* engine.keptTree(ours.revision.id)
  expect(yield* keptOurs.body("a")).toBe("One, ours.\n\nTwo.\n")
  expect(yield* engine.keptTree(ours.revision.id)).toBe(keptOurs)
  const keptBase = yield* engine.keptTree(base.id)
  expect(yield* keptBase.body("a")).toBe("One.\n\nTwo.\n")
  expect((yield* Effect.flip(engine.keptTree("nope")))._tag).toBe("NotFound")
})

describe("ContentEngine service", () => {
  it.effect("applies, diffs, merges and reads on memory storage", () =>
    scenario.pipe(Effect.provide(ContentEngine.Default.pipe(Layer.provideMerge(MemoryStorage.layer))))
  )
  it.scoped("applies, diffs, merges and reads on SQLite storage", () =>
    scenario.pipe(Effect.provide(ContentEngine.Default.pipe(Layer.provideMerge(sqliteTestStorage))))
  )
})
