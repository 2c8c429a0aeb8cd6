import { describe, expect, it } from "@effect/vitest"
import { parseDocument, Urls } from "@quire/core"
import { Effect, FastCheck as fc, Layer } from "effect"
import { applyChanges, contentUrls, diffRevisions } from "../../packages/core/src/content/tree/index.js"
import { engineLayer, SPACE, seedRevision } from "./content-engine.fixtures.js"
import { baseTree, batchOf, cloneModel, intent, type Model, modelOf } from "./content-engine.model.js"

const layer = () => Layer.merge(engineLayer(), Urls.layer("http://quire.test"))
const urlsOf = Effect.map(Urls, (urls) => contentUrls(urls, SPACE))

const bodyOf = (markdown: string | undefined) => parseDocument(markdown ?? "").body.trim()

/** What a diff must say about each page, from the model before and after: `type:key` pairs. */
const expectedChanges = (before: Model, after: Model): Set<string> => {
  const out = new Set<string>()
  for (const [key, page] of after.pages) {
    const old = before.pages.get(key)
    if (old === undefined) out.add(`page_created:${key}`)
    else {
      if (old.title !== page.title || old.slug !== page.slug || bodyOf(old.body) !== bodyOf(page.body)) out.add(`page_edited:${key}`)
      if (old.parent !== page.parent) out.add(`page_moved:${key}`)
    }
  }
  for (const key of before.pages.keys()) if (!after.pages.has(key)) out.add(`page_deleted:${key}`)
  return out
}

describe("diffRevisions", () => {
  it.layer(layer())((it) => {
    it.effect("names created, edited (with attributes), moved, reordered and deleted pages, and files", () =>
      Effect.gen(function* () {
        const urls = yield* urlsOf
        const base = yield* seedRevision([
          { id: "a", title: "A", markdown: "one" },
          { id: "b", title: "B" },
          { id: "c", title: "C" },
          { id: "d", title: "D", parent: "a" }
        ])
        const applied = yield* applyChanges(base.id, [
          { operation: "update_page", page: "a", title: "A2", document: { markdown: "two" } },
          { operation: "update_page", page: "c", at: 0 },
          { operation: "update_page", page: "d", into: "b" },
          { operation: "insert_page", title: "E", document: {} },
          { operation: "insert_files", files: [{ name: "x.txt", contentType: "text/plain", base64: "aGk=" }] }
        ])
        const { changes } = yield* diffRevisions(base.id, applied.revision.id, { urls })
        const created = applied.changes.find((c) => c.object === "created_page")!.page
        expect(changes.map((c) => `${c.type}:${"page" in c ? c.page.id : c.file.name}`).sort()).toEqual(
          ["page_edited:a", "page_moved:c", "page_moved:d", `page_created:${created}`, "file_created:x.txt"].sort()
        )
        const edited = changes.find((c) => c.type === "page_edited")!
        expect(edited.type === "page_edited" && edited.attributes.title).toEqual({ before: "A", after: "A2" })
        expect(edited.type === "page_edited" && Object.keys(edited.attributes).sort()).toEqual(["document", "title"])
        const moved = changes.find((c) => c.type === "page_moved" && c.page.id === "d")!
        expect(moved.type === "page_moved" && moved.parent).toMatchObject({ before: { id: "a", path: "a" }, after: { id: "b", path: "b" } })
        expect(moved.type === "page_moved" && moved.page.path).toBe("b/d")
        const reordered = changes.find((c) => c.type === "page_moved" && c.page.id === "c")!
        expect(reordered.type === "page_moved" && reordered.parent).toEqual({})
        expect((yield* diffRevisions(applied.revision.id, applied.revision.id, { urls })).changes).toEqual([])
        const back = yield* diffRevisions(applied.revision.id, base.id, { urls })
        expect(back.changes.filter((c) => c.type === "page_deleted").map((c) => ("page" in c ? c.page.id : ""))).toEqual([created])
      })
    )
  })

  it.effect.prop(
    "diff(a, apply(a, cs)) names exactly the pages cs touched, each with the right kind",
    [baseTree(8), fc.array(intent, { minLength: 1, maxLength: 10 })],
    ([base, intents]) =>
      Effect.gen(function* () {
        const model = modelOf(base)
        const before = cloneModel(model)
        const { changes } = batchOf(model, intents, { reorders: false })
        if (changes.length === 0) return
        const start = yield* seedRevision(base)
        const applied = yield* applyChanges(start.id, changes)
        const keys = new Map<string, string>(base.map((page) => [page.id, page.id]))
        for (const change of applied.changes) if (change.object === "created_page") keys.set(change.page, change.ref!)
        const diff = yield* diffRevisions(start.id, applied.revision.id, { urls: yield* urlsOf })
        const named = new Set(diff.changes.map((c) => `${c.type}:${"page" in c ? keys.get(c.page.id) : c.file.id}`))
        expect(named).toEqual(expectedChanges(before, model))
      }).pipe(Effect.provide(layer())),
    { fastCheck: { numRuns: 40 } }
  )

  it.effect.prop(
    "with reorders, the pages a diff does not call moved keep their relative order",
    [baseTree(8), fc.array(intent, { minLength: 1, maxLength: 10 })],
    ([base, intents]) =>
      Effect.gen(function* () {
        const model = modelOf(base)
        const before = cloneModel(model)
        const { changes } = batchOf(model, intents)
        if (changes.length === 0) return
        const start = yield* seedRevision(base)
        const applied = yield* applyChanges(start.id, changes)
        const ids = new Map<string, string>(base.map((page) => [page.id, page.id]))
        for (const change of applied.changes) if (change.object === "created_page") ids.set(change.ref!, change.page)
        const diff = yield* diffRevisions(start.id, applied.revision.id, { urls: yield* urlsOf })
        const moved = new Set(diff.changes.flatMap((c) => (c.type === "page_moved" ? [c.page.id] : [])))
        for (const [parent, keys] of model.children) {
          const old = (before.children.get(parent) ?? []).filter((key) => keys.includes(key) && !moved.has(ids.get(key)!))
          const now = keys.filter((key) => old.includes(key))
          expect(now).toEqual(old)
        }
        for (const key of expectedChanges(before, model)) {
          const [type, k] = key.split(":") as [string, string]
          expect(diff.changes.some((c) => c.type === type && "page" in c && c.page.id === ids.get(k))).toBe(true)
        }
      }).pipe(Effect.provide(layer())),
    { fastCheck: { numRuns: 30 } }
  )
})
