import { describe, expect, it } from "@effect/vitest"
import { Urls } from "@quire/core"
import { Effect, Layer } from "effect"
import {
  applyChanges,
  contentUrls,
  diffRevisions,
  loadContentTree,
  renderPageById,
  renderRevision
} from "../../packages/core/src/content/tree/index.js"
import { validateResponse } from "../e2e/support/officialSpec.js"
import { engineLayer, SPACE, seedRevision } from "./content-engine.fixtures.js"

const png1x1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR4nGP4z8AARAwoFABE0AX7pM/egAAAAABJRU5ErkJggg=="

describe("rendering a revision in the official shapes", () => {
  it.layer(Layer.merge(engineLayer(), Urls.layer("http://quire.test")))((it) => {
    it.effect("gives pages nested with paths, markdown when asked, files with dimensions", () =>
      Effect.gen(function* () {
        const urls = contentUrls(yield* Urls, SPACE)
        const base = yield* seedRevision([
          { id: "g", title: "Guides", type: "group" },
          { id: "a", title: "Setup", parent: "g", markdown: "Install." }
        ])
        const applied = yield* applyChanges(base.id, [
          { operation: "insert_files", files: [{ ref: "dot.png", name: "dot.png", contentType: "image/png", base64: png1x1 }] },
          {
            operation: "update_page",
            page: "a",
            description: "How to set up",
            document: { markdown: "---\nemoji: \"🚀\"\n---\n# Set up\n\n![dot](./dot.png)" }
          }
        ])
        const content = yield* loadContentTree(applied.revision.id)
        const revision = yield* renderRevision(content, { urls, markdown: true })
        expect(revision.object).toBe("revision")
        expect(revision.parents).toEqual([base.id])
        expect(revision.pages).toHaveLength(1)
        const group = revision.pages[0]!
        expect(group).toMatchObject({ type: "group", kind: "group", slug: "guides", path: "guides" })
        const file = revision.files[0]!
        expect(file).toMatchObject({ name: "dot.png", contentType: "image/png", dimensions: { width: 2, height: 3 } })
        expect(file.size).toBe(Buffer.from(png1x1, "base64").length)
        expect(applied.insertedFiles.map((f) => f.id)).toEqual([file.id])
        const page = group.type === "group" ? group.pages[0]! : undefined
        expect(page).toMatchObject({
          type: "document",
          kind: "sheet",
          id: "a",
          title: "Set up",
          emoji: "🚀",
          slug: "setup",
          path: "guides/setup",
          description: "How to set up",
          urls: { app: "http://quire.test/s/space1/guides/setup" },
          markdown: `---\ndescription: How to set up\n---\n\n# Set up\n\n![dot](/files/${file.id})\n`
        })
        const single = yield* renderPageById(content, "a", { urls })
        expect(single).toMatchObject({ id: "a", path: "guides/setup" })
        expect(single && "markdown" in single).toBe(false)
        expect(yield* renderPageById(content, "nope", { urls })).toBeUndefined()
      })
    )

    it.effect("renders revisions, pages and semantic changes the official spec accepts", () =>
      Effect.gen(function* () {
        const urls = contentUrls(yield* Urls, SPACE)
        const base = yield* seedRevision([
          { id: "g", title: "Guides", type: "group" },
          { id: "a", title: "Setup", parent: "g", markdown: "Install." },
          { id: "b", title: "Other", markdown: "More." }
        ])
        const applied = yield* applyChanges(base.id, [
          { operation: "insert_files", files: [{ name: "dot.png", contentType: "image/png", base64: png1x1 }] },
          { operation: "update_page", page: "a", title: "Set up", emoji: "🚀", document: { markdown: "Changed." } },
          { operation: "update_page", page: "b", into: "g" },
          { operation: "insert_page", title: "New", into: "b", document: { markdown: "New page." } }
        ])
        const content = yield* loadContentTree(applied.revision.id)
        const revision = yield* renderRevision(content, { urls, markdown: true })
        expect(validateResponse("GET", "/spaces/s/revisions/r", 200, revision)).toEqual([])
        expect(validateResponse("GET", "/spaces/s/revisions/r/pages", 200, { pages: revision.pages })).toEqual([])
        const page = yield* renderPageById(content, "b", { urls, markdown: true })
        expect(validateResponse("GET", "/spaces/s/revisions/r/page/b", 200, page)).toEqual([])
        expect(validateResponse("GET", "/spaces/s/revisions/r/files/f", 200, revision.files[0])).toEqual([])
        const changes = yield* diffRevisions(base.id, applied.revision.id, { urls })
        expect(changes.changes.map((c) => c.type).sort()).toEqual(["file_created", "page_created", "page_edited", "page_moved"])
        // The spec's `page_edited.attributes` is a oneOf of three open objects that any
        // attributes match together, so no `page_edited` can pass it; the others must.
        const checkable = (list: typeof changes) => ({ changes: list.changes.filter((c) => c.type !== "page_edited") })
        expect(validateResponse("GET", "/spaces/s/revisions/r/changes", 200, checkable(changes))).toEqual([])
        const back = yield* diffRevisions(applied.revision.id, base.id, { urls })
        expect(back.changes.map((c) => c.type).sort()).toEqual(["file_deleted", "page_deleted", "page_edited", "page_moved"])
        expect(validateResponse("GET", "/spaces/s/revisions/r/changes", 200, checkable(back))).toEqual([])
      })
    )
  })
})
