/**
 * The Git layout's round-trip laws over random small trees (unicode titles, the same title at
 * different levels, deep nesting, empty bodies, emoji, descriptions, flags, slugs the layout
 * reserves, files with clashing names), on the content engine over memory storage:
 * - export then import gives a revision with the same content hash (the engine's tree hash,
 *   `RevisionRecord.root`; both imports run at the same instant of the test clock, since a
 *   page's `createdAt`/`updatedAt` are part of what it hashes);
 * - import then export gives the same Git tree.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  BlobStore,
  type ImportedFile,
  type ImportedPage,
  importPages,
  layoutContentOf,
  loadContentTree,
  readLayout,
  slugify,
  type SpaceId,
  writeLayout
} from "@quire/core"
import { Effect, FastCheck as fc } from "effect"
import { engineLayer } from "./content-engine.fixtures.js"

const SPACE = "space1" as SpaceId

interface PageSpec {
  readonly title: string
  readonly slug?: string
  readonly type: "document" | "group"
  readonly markdown: string
  readonly emoji?: string
  readonly description?: string
  readonly icon?: string
  readonly hidden: boolean
  readonly noIndex: boolean
  readonly children: ReadonlyArray<PageSpec>
}

/** Titles as a person writes them: one line, white space collapsed; a few common ones, so titles repeat across levels. */
const title = fc.oneof(
  fc.constantFrom("Introduction", "Setup", "Guides", "FAQ", "README", "Summary", "Café crème", "日本語のページ", "Ça va? 🎉", "a/b #c", "*Bold* title", "[x](y)"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }).map((text) => text.replace(/\s+/g, " ").trim())
).filter((text) => text !== "")

const body = fc.oneof(
  fc.constantFrom(
    "",
    "Hello *world*.",
    // The first heading is the title the import reads; the body keeps the second.
    "# Read as the title\n\n# A heading of the body\n\nText under it.",
    "## Install\n\n- one\n- two\n\n1. first\n2. second",
    "```ts\nconst x = 1\n```",
    "See [the setup](./setup.md) and ![a logo](../.gitbook/assets/logo.png).",
    "> A quote\n> on two lines",
    "| a | b |\n| - | - |\n| 1 | 2 |",
    "Text with a footnote[^1].\n\n[^1]: The note.",
    "- [ ] a task\n- [x] done",
    "***\n\nAfter a break."
  ),
  fc.string({ unit: "grapheme", maxLength: 60 })
)

const pageSpec = fc.letrec<{ page: PageSpec }>((tie) => ({
  page: fc.record(
    {
      title,
      slug: fc.option(
        fc.constantFrom("README", "readme", "SUMMARY", ".gitbook", "café", "guide-2", "Intro", "a(b)", "x<y>", "%41", "a\\b", "[x]", "README.md", "*", "_a_", "ü"),
        { nil: undefined, freq: 3 }
      ),
      type: fc.constantFrom<"document" | "group">("document", "document", "document", "group"),
      markdown: body,
      emoji: fc.option(fc.constantFrom("🎉", "📘", "✨", "yes", "1"), { nil: undefined }),
      description: fc.option(title, { nil: undefined }),
      icon: fc.option(fc.constantFrom("book", "rocket"), { nil: undefined, freq: 4 }),
      hidden: fc.boolean(),
      noIndex: fc.boolean(),
      children: fc.oneof({ depthSize: "small" }, fc.constant([]), fc.array(tie("page"), { maxLength: 3 }))
    },
    { requiredKeys: ["title", "type", "markdown", "hidden", "noIndex", "children"] }
  )
})).page

/** 1×1 PNG, so one file has image dimensions. */
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64")
)

const fileSpec = fc.record({
  name: fc.constantFrom("logo.png", "logo.png", "Logo.png", "doc.pdf", "notes", "a/b.txt", "..", "été.txt"),
  contentType: fc.constantFrom("image/png", "application/pdf", "text/plain; charset=utf-8"),
  bytes: fc.oneof(fc.uint8Array({ maxLength: 32 }), fc.constant(PNG))
})

const ids = fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), { minLength: 40, maxLength: 40 })

/** The specs as `importPages` input: slugs made unique among siblings, ids from `pool`. */
const toImport = (roots: ReadonlyArray<PageSpec>, pool: ReadonlyArray<string>) => {
  const pages: Array<ImportedPage> = []
  let next = 0
  const place = (specs: ReadonlyArray<PageSpec>, parent: string | null) => {
    const taken = new Set<string>()
    for (const spec of specs) {
      const id = pool[next++ % pool.length]!
      if (pages.some((page) => page.id === id)) continue
      const wanted = spec.slug ?? slugify(spec.title)
      let slug = wanted
      for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`
      taken.add(slug)
      const { children, ...fields } = spec
      pages.push({ ...fields, id, slug, parent })
      place(children, id)
    }
  }
  place(roots, null)
  return pages
}

const scenario = fc.record({
  pages: fc.array(pageSpec, { minLength: 1, maxLength: 4 }),
  files: fc.array(fileSpec, { maxLength: 3 }),
  fileIds: fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 3, maxLength: 3 }),
  ids,
  directory: fc.constantFrom("", "docs", "a/b")
})

const exportRevision = (revisionId: string, directory: string) =>
  Effect.gen(function* () {
    const blobs = yield* BlobStore
    const content = yield* layoutContentOf(yield* loadContentTree(revisionId), blobs.get)
    return yield* writeLayout(content, { repoProjectDirectory: directory })
  })

const asText = (files: ReadonlyMap<string, Uint8Array | string>) =>
  new Map([...files].map(([path, content]) => [path, typeof content === "string" ? content : Buffer.from(content).toString("base64")]))

describe("the Git layout's round-trip laws", () => {
  it.effect.prop(
    "export then import gives a revision with the same content hash",
    [scenario],
    ([{ pages, files, fileIds, ids: pool, directory }]) =>
      Effect.gen(function* () {
        const imported: ReadonlyArray<ImportedFile> = files.map((file, index) => ({ ...file, id: fileIds[index]! }))
        const source = yield* importPages(toImport(pages, pool), { spaceId: SPACE, files: imported })
        const tree = yield* exportRevision(source.revision.id, directory)
        const read = yield* readLayout(tree, { repoProjectDirectory: directory })
        expect(read.skipped).toEqual([])
        const again = yield* importPages(read.pages, { spaceId: SPACE, files: read.files })
        expect(again.revision.id).not.toBe(source.revision.id)
        expect(again.revision.root).toBe(source.revision.root)
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 60 } }
  )

  it.effect.prop(
    "import then export gives the same Git tree",
    [scenario],
    ([{ pages, files, fileIds, ids: pool, directory }]) =>
      Effect.gen(function* () {
        const imported: ReadonlyArray<ImportedFile> = files.map((file, index) => ({ ...file, id: fileIds[index]! }))
        const seed = yield* importPages(toImport(pages, pool), { spaceId: SPACE, files: imported })
        // A Git tree in the layout, with files outside the project directory beside it.
        const gitTree = new Map([...(yield* exportRevision(seed.revision.id, directory)), ["elsewhere/code.ts", "export {}\n"]])
        const read = yield* readLayout(gitTree, { repoProjectDirectory: directory })
        const revision = yield* importPages(read.pages, { spaceId: SPACE, files: read.files })
        const exported = yield* exportRevision(revision.revision.id, directory)
        gitTree.delete("elsewhere/code.ts")
        expect(asText(exported)).toEqual(asText(gitTree))
      }).pipe(Effect.provide(engineLayer())),
    { fastCheck: { numRuns: 60 } }
  )
})
