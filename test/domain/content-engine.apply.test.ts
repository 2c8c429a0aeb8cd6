import { describe, expect, it } from "@effect/vitest"
import { InvalidInput, NotFound, ObjectStore, type RevisionId, RevisionRepository, type SpaceId } from "@quire/core"
import { Effect, Exit, Option } from "effect"
import { applyChanges, importPages, loadContentTree } from "../../packages/core/src/content/tree/index.js"
import { byTitle, dumpTree, engineLayer, seedRevision } from "./content-engine.fixtures.js"

describe("applyChanges", () => {
  it.layer(engineLayer())((it) => {
    it.effect("inserts pages with titles from the heading, slugs from the title, in order, nested by ref", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision()
        const applied = yield* applyChanges(base.id, [
          { operation: "insert_page", ref: "guide", document: { markdown: "# Guide\n\nSee [setup](./setup.md)." } },
          { operation: "insert_page", into: "guide", ref: "setup", document: { markdown: "# Setup\n\nBack to [the guide](./README.md), [home](../README.md)." } },
          { operation: "insert_page", title: "FAQ", document: { markdown: "Questions." } },
          { operation: "insert_page", title: "Intro", at: 0, document: {} }
        ])
        expect(applied.revision.type).toBe("edits")
        expect(applied.revision.parents).toEqual([base.id])
        expect(applied.changes.map((c) => c.object)).toEqual(["created_page", "created_page", "created_page", "created_page"])
        const dump = yield* dumpTree(applied.revision)
        const guide = byTitle(dump, "Guide")
        const setup = byTitle(dump, "Setup")
        const intro = byTitle(dump, "Intro")
        const faq = byTitle(dump, "FAQ")
        expect(dump.children.get("")).toEqual([intro.id, guide.id, faq.id])
        expect(dump.children.get(guide.id)).toEqual([setup.id])
        expect(dump.paths.get(setup.id)).toBe("guide/setup")
        expect(guide.slug).toBe("guide")
        expect(dump.bodies.get(guide.id)).toBe(`See [setup](/pages/${setup.id}).\n`)
        expect(dump.bodies.get(setup.id)).toBe(`Back to [the guide](/pages/${guide.id}), [home](/pages/${intro.id}).\n`)
        expect(intro.document).toBeNull()
      })
    )

    it.effect("rejects the whole batch naming the change and the field, and writes no revision", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([{ id: "p1", title: "One" }])
        const before = yield* (yield* ObjectStore).size
        const exit = yield* Effect.exit(
          applyChanges(base.id, [
            { operation: "insert_page", title: "Two", document: {} },
            { operation: "update_page", page: "nope", title: "x" }
          ])
        )
        expect(Exit.isFailure(exit)).toBe(true)
        const error = Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : undefined
        expect(error).toBeInstanceOf(InvalidInput)
        expect((error as InvalidInput).field).toBe("changes[1].page")
        expect(yield* (yield* ObjectStore).size).toEqual(before)
      })
    )

    it.effect("refuses a slug collision among siblings, a move under itself, and a url file", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([
          { id: "a", title: "A" },
          { id: "b", title: "B", parent: "a" }
        ])
        const fieldOf = (changes: Parameters<typeof applyChanges>[1]) =>
          Effect.map(Effect.flip(applyChanges(base.id, changes)), (error) => (error as InvalidInput).field)
        expect(yield* fieldOf([{ operation: "insert_page", title: "A", document: {} }])).toBe("changes[0].title")
        expect(yield* fieldOf([{ operation: "insert_page", title: "x", slug: "a", document: {} }])).toBe("changes[0].slug")
        expect(yield* fieldOf([{ operation: "update_page", page: "a", into: "b" }])).toBe("changes[0].into")
        expect(yield* fieldOf([{ operation: "update_page", page: "a", into: "a" }])).toBe("changes[0].into")
        expect(
          yield* fieldOf([{ operation: "insert_files", files: [{ name: "x.png", url: "https://example.com/x.png" }] }])
        ).toBe("changes[0].files[0].url")
        expect(yield* fieldOf([])).toBe("changes")
      })
    )

    it.effect("moves, renames, deletes with subpages and reads the result back", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([
          { id: "a", title: "A" },
          { id: "b", title: "B", parent: "a" },
          { id: "c", title: "C", parent: "b" },
          { id: "d", title: "D" }
        ])
        const applied = yield* applyChanges(base.id, [
          { operation: "update_page", page: "b", into: "d", slug: "bee", title: "Bee" },
          { operation: "delete_page", page: "a" }
        ])
        const tree = yield* loadContentTree(applied.revision.id)
        expect(yield* tree.page("a")).toBeUndefined()
        expect((yield* tree.page("b"))?.title).toBe("Bee")
        expect(yield* tree.path("c")).toBe("d/bee/c")
        expect((yield* tree.pageByPath("d/bee"))?.id).toBe("b")
        expect((yield* tree.children(null)).map((p) => p.id)).toEqual(["d"])
        expect(applied.changes).toEqual([
          { object: "updated_page", page: "b" },
          { object: "deleted_page", page: "a" }
        ])
        const revisions = yield* RevisionRepository
        expect(Option.isSome(yield* revisions.findById(applied.revision.id))).toBe(true)
      })
    )
    it.effect("reads metadata from frontmatter over the change's fields, refuses JSON documents and more than 50 changes", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision()
        const applied = yield* applyChanges(base.id, [
          {
            operation: "insert_page",
            title: "Ignored",
            slug: "ignored",
            description: "ignored",
            document: { markdown: "---\ntitle: From frontmatter\nslug: custom\ndescription: Said so\nhidden: true\n---\nBody." }
          }
        ])
        const page = [...(yield* dumpTree(applied.revision)).pages.values()][0]!
        expect(page).toMatchObject({ title: "From frontmatter", slug: "custom", description: "Said so", hidden: true })
        const json = yield* Effect.flip(applyChanges(base.id, [{ operation: "insert_page", document: { document: { nodes: [] } } }]))
        expect((json as InvalidInput).field).toBe("changes[0].document.document")
        const many = Array.from({ length: 51 }, (_, i) => ({ operation: "insert_page" as const, title: `P${i}`, document: {} }))
        expect(((yield* Effect.flip(applyChanges(base.id, many))) as InvalidInput).field).toBe("changes")
        expect((yield* applyChanges(base.id, many.slice(0, 50))).changes).toHaveLength(50)
      })
    )

    it.effect("refuses a ref used twice or naming an existing page's path; links to an unknown page become text", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([{ id: "g", title: "Guide" }])
        const twice = yield* Effect.flip(
          applyChanges(base.id, [
            { operation: "insert_page", ref: "x", title: "X", document: {} },
            { operation: "insert_files", files: [{ ref: "x", name: "x.txt", contentType: "text/plain", base64: "eA==" }] }
          ])
        )
        expect((twice as InvalidInput).field).toBe("changes[1].files[0].ref")
        const existing = yield* Effect.flip(applyChanges(base.id, [{ operation: "insert_page", ref: "guide", title: "Y", document: {} }]))
        expect((existing as InvalidInput).field).toBe("changes[0].ref")
        const applied = yield* applyChanges(base.id, [
          { operation: "insert_page", title: "Z", document: { markdown: "[gone](/pages/nope) and [guide](/pages/guide) and [web](https://example.com)" } }
        ])
        const dump = yield* dumpTree(applied.revision)
        expect(dump.bodies.get(byTitle(dump, "Z").id)).toBe("gone and [guide](/pages/g) and [web](https://example.com)\n")
      })
    )

    it.effect("reverts pages to a given revision: edited, added and deleted ones", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([
          { id: "a", title: "A", markdown: "Original." },
          { id: "b", title: "B" },
          { id: "c", title: "C" }
        ])
        const edited = yield* applyChanges(base.id, [
          { operation: "update_page", page: "a", title: "A2", document: { markdown: "Changed." } },
          { operation: "delete_page", page: "b" },
          { operation: "insert_page", ref: "new", title: "New", document: {} }
        ])
        const added = edited.changes.find((c) => c.object === "created_page")!.page
        const reverted = yield* applyChanges(
          edited.revision.id,
          [
            { operation: "revert_page", page: "a" },
            { operation: "revert_page", page: "b", revision: base.id },
            { operation: "revert_page", page: added }
          ],
          { revertTo: base.id }
        )
        expect(reverted.changes).toEqual([
          { object: "updated_page", page: "a" },
          { object: "created_page", page: "b" },
          { object: "deleted_page", page: added }
        ])
        expect(reverted.revision.root).toBe(base.root)
        const noBase = yield* Effect.flip(applyChanges(edited.revision.id, [{ operation: "revert_page", page: "a" }]))
        expect((noBase as InvalidInput).field).toBe("changes[0].revision")
        const blocks = yield* Effect.flip(
          applyChanges(edited.revision.id, [{ operation: "revert_page", page: "a", block: ["k"] }], { revertTo: base.id })
        )
        expect((blocks as InvalidInput).field).toBe("changes[0].block")
      })
    )

    it.effect("a level-1 heading left in a body (after the title's, or with a title from the frontmatter) keeps its links", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([{ id: "target", title: "Target" }])
        const applied = yield* applyChanges(base.id, [
          { operation: "insert_page", document: { markdown: "---\ntitle: From frontmatter\n---\n\n# See [the target](/pages/target)\n\nAnd [again](/pages/target).\n" } }
        ])
        const dump = yield* dumpTree(applied.revision)
        const page = byTitle(dump, "From frontmatter")
        expect(dump.bodies.get(page.id)).toBe("# See [the target](/pages/target)\n\nAnd [again](/pages/target).\n")
        const twice = yield* applyChanges(base.id, [
          { operation: "insert_page", document: { markdown: "# Title\n\n# See [the target](/pages/target)\n" } }
        ])
        const second = yield* dumpTree(twice.revision)
        expect(second.bodies.get(byTitle(second, "Title").id)).toBe("# See [the target](/pages/target)\n")
      })
    )

    it.effect("revert_page opens another space's revision only when `readable` allows it, refusing it as an unknown one", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision([{ id: "a", title: "A", markdown: "Mine." }])
        const elsewhere = yield* Effect.map(
          importPages([{ id: "s", title: "Secret", markdown: "Theirs." }], { spaceId: "otherSpace0000000000" as SpaceId }),
          (written) => written.revision
        )
        const revert = (revision: string, options = {}) =>
          applyChanges(base.id, [{ operation: "revert_page", page: "s", revision }], options)
        const refused = (yield* Effect.flip(revert(elsewhere.id))) as InvalidInput
        const unknown = (yield* Effect.flip(revert("noSuchRevision000000"))) as InvalidInput
        expect(refused.field).toBe("changes[0].revision")
        expect(refused.message.replace(elsewhere.id, "<id>")).toBe(unknown.message.replace("noSuchRevision000000", "<id>"))
        const denied = (yield* Effect.flip(revert(base.id, { readable: (id: RevisionId) => Effect.fail(NotFound.of("Revision", id)) }))) as InvalidInput
        expect(denied.field).toBe("changes[0].revision")
        const allowed = yield* revert(elsewhere.id, { readable: () => Effect.void })
        expect(allowed.changes).toEqual([{ object: "created_page", page: "s" }])
      })
    )
  })
})
