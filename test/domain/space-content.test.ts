import { describe, expect, it } from "@effect/vitest"
import { ContentEngine, type RevisionId, Content, Spaces, ContentScope } from "@quire/core"
import { Effect, Layer } from "effect"
import { as, contentLayer, expectInvalid, expectTag, newWorld } from "../support/content.js"

const layer = Layer.merge(Content.Default, ContentEngine.Default).pipe(Layer.provideMerge(contentLayer))
const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

const services = Effect.all({ spaces: Spaces, content: Content, engine: ContentEngine })

/** The titles of a revision's root-level pages, in order. */
const titles = (revision: string) =>
  Effect.flatMap(ContentEngine, (engine) =>
    Effect.flatMap(engine.tree(revision), (tree) => Effect.map(tree.children(null), (pages) => pages.map((p) => p.title)))
  )

describe("Content.merge", () => {
  test("puts an imported revision onto a space: the space's revision is a merge of both", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, { title: "Handbook" }))
      const imported = yield* engine.importPages([{ title: "Intro", markdown: "Hello." }], { spaceId: space.id })
      const merged = yield* as(w.reviewer)(content.merge(space.id, { revision: imported.revision.id }))
      expect(merged.revision.parents).toEqual([space.revision, imported.revision.id])
      expect(merged.space.revision).toBe(merged.revision.id)
      expect((yield* as(w.admin)(spaces.get(space.id))).revision).toBe(merged.revision.id)
      expect(yield* titles(merged.revision.id)).toEqual(["Intro"])
    }))

  test("two lines of work from one base both land: the second is merged with the first", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, {}))
      const first = yield* engine.importPages(
        [{ id: "a", title: "A", markdown: "one" }, { id: "b", title: "B", markdown: "two" }],
        { spaceId: space.id, parents: [space.revision] }
      )
      const start = (yield* as(w.admin)(content.merge(space.id, { revision: first.revision.id }))).revision.id
      const ours = yield* engine.apply(start, [{ operation: "update_page", page: "a", title: "A2" }])
      const theirs = yield* engine.apply(start, [{ operation: "update_page", page: "b", title: "B2" }])
      yield* as(w.admin)(content.merge(space.id, { revision: ours.revision.id }))
      const last = yield* as(w.admin)(content.merge(space.id, { revision: theirs.revision.id }))
      expect(yield* titles(last.revision.id)).toEqual(["A2", "B2"])
    }))

  test("by default the base is what both sides come from; an unrelated import replaces the content", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, {}))
      const first = yield* engine.importPages([{ id: "a", title: "A" }], { spaceId: space.id, parents: [space.revision] })
      const start = (yield* as(w.admin)(content.merge(space.id, { revision: first.revision.id }))).revision.id
      // Made from an older revision than the space's current one: merged from their common ancestor.
      const fromFirst = yield* engine.apply(first.revision.id, [{ operation: "update_page", page: "a", title: "A2" }])
      const fromStart = yield* engine.apply(start, [{ operation: "insert_page", document: { markdown: "# B" } }])
      yield* as(w.admin)(content.merge(space.id, { revision: fromStart.revision.id }))
      const both = yield* as(w.admin)(content.merge(space.id, { revision: fromFirst.revision.id }))
      expect(yield* titles(both.revision.id)).toEqual(["A2", "B"])
      const unrelated = yield* engine.importPages([{ title: "C" }], { spaceId: space.id })
      const replaced = yield* as(w.admin)(content.merge(space.id, { revision: unrelated.revision.id }))
      expect(yield* titles(replaced.revision.id)).toEqual(["C"])
    }))

  test("overlapping changes are a Conflict naming the page, and the space keeps its revision", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, {}))
      const first = yield* engine.importPages([{ id: "a", title: "A", markdown: "one" }], { spaceId: space.id })
      const start = (yield* as(w.admin)(content.merge(space.id, { revision: first.revision.id }))).revision.id
      const ours = yield* engine.apply(start, [{ operation: "update_page", page: "a", title: "Ours" }])
      const theirs = yield* engine.apply(start, [{ operation: "update_page", page: "a", title: "Theirs" }])
      yield* as(w.admin)(content.merge(space.id, { revision: ours.revision.id }))
      const before = (yield* as(w.admin)(spaces.get(space.id))).revision
      const failed = yield* Effect.flip(as(w.admin)(content.merge(space.id, { revision: theirs.revision.id })))
      expect(failed._tag).toBe("Conflict")
      expect(failed.message).toContain('page "Ours"')
      expect((yield* as(w.admin)(spaces.get(space.id))).revision).toBe(before)
    }))

  test("needs the merge permission on a live space; others see NotFound or Forbidden", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, {}))
      const imported = yield* engine.importPages([{ title: "X" }], { spaceId: space.id })
      const input = { revision: imported.revision.id }
      yield* expectTag(as(w.editor)(content.merge(space.id, input)), "Forbidden")
      yield* expectTag(as(w.outsider)(content.merge(space.id, input)), "NotFound")
      yield* as(w.admin)(spaces.update(space.id, { editMode: "locked" }))
      yield* expectTag(as(w.admin)(content.merge(space.id, input)), "Forbidden")
      yield* as(w.admin)(spaces.update(space.id, { editMode: "live" }))
      const merged = yield* as(w.reviewer)(content.merge(space.id, input))
      expect(merged.space.revision).toBe(merged.revision.id)
    }))

  test("a revision of a space the caller cannot see is refused as not found, naming the field", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const mine = yield* as(w.admin)(spaces.create(w.org, {}))
      const other = yield* newWorld
      const theirs = yield* as(other.admin)(spaces.create(other.org, {}))
      const secret = yield* engine.importPages([{ title: "Secret" }], { spaceId: theirs.id })
      yield* expectInvalid(as(w.admin)(content.merge(mine.id, { revision: secret.revision.id })), "revision")
      yield* expectInvalid(as(w.admin)(content.merge(mine.id, { revision: "nope" as RevisionId })), "revision")
      yield* expectInvalid(
        as(w.admin)(content.merge(mine.id, { revision: mine.revision, base: "nope" as RevisionId })),
        "base"
      )
      expect((yield* as(w.admin)(spaces.get(mine.id))).revision).toBe(mine.revision)
    }))

  test("reads: the current revision, a page by id or path (with markdown), files; other revisions on request", () =>
    Effect.gen(function* () {
      const { spaces, content, engine } = yield* services
      const w = yield* newWorld
      const space = yield* as(w.admin)(spaces.create(w.org, {}))
      const imported = yield* engine.importPages(
        [
          { id: "intro", title: "Intro", markdown: "Hello." },
          { id: "deep", title: "Deep", parent: "intro", markdown: "Below." }
        ],
        { spaceId: space.id, parents: [space.revision] }
      )
      const merged = yield* as(w.admin)(content.merge(space.id, { revision: imported.revision.id }))
      const revision = yield* as(w.reader)(content.revision(ContentScope.Space({ spaceId: space.id })))
      expect(revision).toMatchObject({ object: "revision", id: merged.revision.id, type: "merge" })
      expect(revision.pages.map((p) => p.title)).toEqual(["Intro"])
      const deep = yield* as(w.reader)(content.page(ContentScope.Space({ spaceId: space.id }), "deep", { markdown: true }))
      expect(deep).toMatchObject({ id: "deep", title: "Deep", path: "intro/deep" })
      expect((deep as { markdown?: string }).markdown).toContain("Below.")
      expect((yield* as(w.reader)(content.pageByPath(ContentScope.Space({ spaceId: space.id }), ""))).id).toBe("intro")
      expect((yield* as(w.reader)(content.pageByPath(ContentScope.Space({ spaceId: space.id }), "intro/deep"))).id).toBe("deep")
      expect(yield* as(w.reader)(content.files(ContentScope.Space({ spaceId: space.id })))).toEqual([])
      expect((yield* as(w.reader)(content.pages(ContentScope.Revision({ spaceId: space.id, revisionId: space.revision })))).length).toBe(0)
      yield* expectTag(as(w.reader)(content.page(ContentScope.Space({ spaceId: space.id }), "nope")), "NotFound")
      yield* expectTag(as(w.reader)(content.file(ContentScope.Space({ spaceId: space.id }), "nope")), "NotFound")
      yield* expectTag(as(w.reader)(content.pageByPath(ContentScope.Space({ spaceId: space.id }), "missing")), "NotFound")
      yield* expectTag(as(w.outsider)(content.revision(ContentScope.Space({ spaceId: space.id }))), "NotFound")
      const other = yield* newWorld
      const theirs = yield* as(other.admin)(spaces.create(other.org, {}))
      yield* expectTag(as(w.admin)(content.revision(ContentScope.Revision({ spaceId: space.id, revisionId: theirs.revision }))), "NotFound")
    }))
})
