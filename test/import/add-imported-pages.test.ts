/**
 * An import into content that already has pages adds the imported ones after the existing root
 * pages, whatever the number of either (more root pages than one change batch holds, on either
 * side), keeping the existing ones in their order, in one `edits` revision whose parent is the
 * content's; a file whose id is there already is kept when it is the same file, refused when not.
 */
import { describe, expect, it } from "@effect/vitest"
import { ContentEngine, type ImportedFile, type ImportedPage, type RevisionId, type SpaceId } from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"
import { addImportedPages } from "../../packages/core/src/import/addImportedPages.js"

const SPACE = "space1" as SpaceId

/** `count` root pages titled `<prefix> n`, the odd ones with a child. */
const rootPages = (prefix: string, count: number): Array<ImportedPage> =>
  Array.from({ length: count }, (_, n) => [
    { id: `${prefix}-${n}`, title: `${prefix} ${n}`, markdown: `Text of ${prefix} ${n}.\n` },
    ...(n % 2 === 1 ? [{ id: `${prefix}-${n}-child`, title: `${prefix} ${n} child`, parent: `${prefix}-${n}` }] : [])
  ]).flat()

const rootTitles = (engine: typeof ContentEngine.Service, revision: RevisionId) =>
  Effect.flatMap(engine.tree(revision), (tree) => Effect.map(tree.children(null), (pages) => pages.map((page) => page.title)))

const titles = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix} ${n}`)

describe("addImportedPages", () => {
  for (const [existing, imported] of [
    [3, 2],
    [70, 3],
    [3, 70],
    [60, 60]
  ] as const) {
    it.effect(`${imported} imported root pages after ${existing} existing ones`, () =>
      Effect.gen(function* () {
        const engine = yield* ContentEngine
        const base = yield* engine.importPages(rootPages("Old", existing), { spaceId: SPACE })
        const pages = rootPages("New", imported)
        const revision = yield* addImportedPages(engine, SPACE, base.revision.id as RevisionId, { pages, files: [], total: pages.length })
        expect(yield* rootTitles(engine, revision)).toEqual([...titles("Old", existing), ...titles("New", imported)])
        const tree = yield* engine.tree(revision)
        expect((yield* tree.reader.allPages).size).toBe(rootPages("Old", existing).length + pages.length)
        expect(tree.revision.type).toBe("edits")
        expect(tree.revision.parents).toEqual([base.revision.id])
      }).pipe(Effect.provide(ContentEngine.Default.pipe(Layer.provideMerge(MemoryStorage.layer))))
    )
  }

  it.effect("a file with an id already there: the same file is kept, another is refused", () =>
    Effect.gen(function* () {
      const engine = yield* ContentEngine
      const file = (text: string): ImportedFile => ({ id: "logo", name: "logo.txt", contentType: "text/plain", bytes: new TextEncoder().encode(text) })
      const base = yield* engine.importPages(rootPages("Old", 2), { spaceId: SPACE, files: [file("one")] })
      const pages = rootPages("New", 1)
      const same = yield* addImportedPages(engine, SPACE, base.revision.id as RevisionId, { pages, files: [file("one")], total: 2 })
      expect((yield* (yield* engine.tree(same)).reader.files).map((f) => f.id)).toEqual(["logo"])
      const other = yield* Effect.flip(addImportedPages(engine, SPACE, base.revision.id as RevisionId, { pages, files: [file("two")], total: 2 }))
      expect(other._tag).toBe("Conflict")
    }).pipe(Effect.provide(ContentEngine.Default.pipe(Layer.provideMerge(MemoryStorage.layer))))
  )
})
