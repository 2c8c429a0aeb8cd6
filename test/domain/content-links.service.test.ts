import { describe, expect, it } from "@effect/vitest"
import { ChangeRequests, ContentEngine, Links, Content, Spaces, ContentScope } from "@quire/core"
import { Effect, Layer } from "effect"
import { as, contentLayer, expectInvalid, expectTag, newWorld } from "../support/content.js"

const layer = Layer.mergeAll(Links.Default, ChangeRequests.Default, Content.Default, ContentEngine.Default).pipe(
  Layer.provideMerge(contentLayer)
)
const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

const services = Effect.all({ spaces: Spaces, crs: ChangeRequests, content: Content, engine: ContentEngine, links: Links })

/** A space holding Intro (linking to Guide, to a missing page and to the public URL) and Guide (linking back). */
const withSpace = Effect.gen(function* () {
  const { spaces, content, engine } = yield* services
  const w = yield* newWorld
  const space = yield* as(w.admin)(spaces.create(w.org, { title: "Handbook" }))
  const imported = yield* engine.importPages(
    [
      { id: "intro", title: "Intro", markdown: "[Guide](/pages/guide), [gone](/pages/gone), [app](http://quire.test/s/x)." },
      { id: "guide", title: "Guide", markdown: "[Intro](/pages/intro) and [out](https://example.com)." }
    ],
    { spaceId: space.id, parents: [space.revision] }
  )
  const merged = yield* as(w.admin)(content.merge(space.id, { revision: imported.revision.id }))
  return { w, space: merged.space }
})

describe("Links", () => {
  test("a space's links with their status and stats, filtered by status, paged", () =>
    Effect.gen(function* () {
      const { links } = yield* services
      const { w, space } = yield* withSpace
      const all = yield* as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id })))
      expect(all.items.map((l) => [l.targetReference, l.status])).toEqual([
        [{ kind: "page", space: space.id, page: "guide" }, "ok"],
        [{ kind: "page", space: space.id, page: "gone" }, "broken"],
        [{ kind: "url", url: "http://quire.test/s/x" }, "in-app"],
        [{ kind: "page", space: space.id, page: "intro" }, "ok"],
        [{ kind: "url", url: "https://example.com" }, "ok"]
      ])
      expect(all.items[0]!.locationReferences).toEqual([{ kind: "page", space: space.id, page: "intro" }])
      expect(all).toMatchObject({ count: 5, stats: { total: 5, broken: { total: 1, changeRequest: 0 } } })
      const broken = yield* as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id }), { status: "broken" }))
      expect(broken).toMatchObject({ count: 1, stats: { total: 5 } })
      const first = yield* as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id }), { limit: 2 }))
      expect(first.items).toEqual(all.items.slice(0, 2))
      const second = yield* as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id }), { limit: 2, page: first.next!.page }))
      expect(second.items).toEqual(all.items.slice(2, 4))
      yield* expectInvalid(as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id }), { status: "dead" as never })), "status")
      yield* expectInvalid(as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id }), { limit: 0 })), "limit")
      yield* expectInvalid(as(w.reader)(links.links(ContentScope.Space({ spaceId: space.id }), { page: "99" })), "page")
      yield* expectTag(as(w.outsider)(links.links(ContentScope.Space({ spaceId: space.id }))), "NotFound")
    }))

  test("a page's links; an unknown page is NotFound", () =>
    Effect.gen(function* () {
      const { links } = yield* services
      const { w, space } = yield* withSpace
      const guide = yield* as(w.reader)(links.pageLinks(ContentScope.Space({ spaceId: space.id }), "guide"))
      expect(guide.items.map((l) => l.targetReference)).toEqual([
        { kind: "page", space: space.id, page: "intro" },
        { kind: "url", url: "https://example.com" }
      ])
      expect(guide.stats).toEqual({ total: 2, broken: { total: 0, changeRequest: 0 } })
      yield* expectTag(as(w.reader)(links.pageLinks(ContentScope.Space({ spaceId: space.id }), "nowhere")), "NotFound")
      yield* expectTag(as(w.outsider)(links.pageLinks(ContentScope.Space({ spaceId: space.id }), "guide")), "NotFound")
    }))

  test("a change request's links are of its own content; stats.broken.changeRequest counts what it broke", () =>
    Effect.gen(function* () {
      const { links, crs } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, { subject: "Remove the guide" }))
      yield* as(w.editor)(crs.updateContent(space.id, cr.number, [{ operation: "delete_page", page: "guide" }]))
      const inCr = yield* as(w.reader)(links.pageLinks(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.number }), "intro"))
      expect(inCr.items.map((l) => [l.targetReference, l.status])).toEqual([
        [{ kind: "page", space: space.id, page: "guide" }, "broken"],
        [{ kind: "page", space: space.id, page: "gone" }, "broken"],
        [{ kind: "url", url: "http://quire.test/s/x" }, "in-app"]
      ])
      expect(inCr.stats).toEqual({ total: 3, broken: { total: 2, changeRequest: 1 } })
      const inSpace = yield* as(w.reader)(links.pageLinks(ContentScope.Space({ spaceId: space.id }), "intro"))
      expect(inSpace.stats).toEqual({ total: 3, broken: { total: 1, changeRequest: 0 } })
      yield* expectTag(as(w.reader)(links.pageLinks(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.number }), "guide")), "NotFound")
      yield* expectTag(as(w.outsider)(links.pageLinks(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.number }), "intro")), "NotFound")
    }))

  test("a file's backlinks: one per page that uses it, naming the revision; an unknown file is NotFound", () =>
    Effect.gen(function* () {
      const { links, crs, spaces } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      const applied = yield* as(w.editor)(
        crs.updateContent(space.id, cr.id, [
          { operation: "insert_files", files: [{ name: "logo.png", contentType: "text/plain", base64: "aGVsbG8=" }] }
        ])
      )
      const file = applied.insertedFiles![0]!.id
      yield* as(w.editor)(
        crs.updateContent(space.id, cr.id, [
          { operation: "update_page", page: "intro", document: { markdown: `![logo](/files/${file})` } },
          { operation: "update_page", page: "guide", document: { markdown: `[download](/files/${file}) twice [again](/files/${file})` } }
        ])
      )
      const current = yield* as(w.reader)(crs.get(space.id, cr.id))
      const backlinks = yield* as(w.reader)(links.fileBacklinks(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), file))
      const context = { kind: "file", organization: w.org, space: space.id, versionContext: { type: "revision", revision: current.revision }, file }
      expect(backlinks).toEqual({ count: 2, items: [{ ...context, page: "intro" }, { ...context, page: "guide" }] })
      yield* expectTag(as(w.reader)(links.fileBacklinks(ContentScope.Space({ spaceId: space.id }), file)), "NotFound")
      yield* expectTag(as(w.reader)(links.fileBacklinks(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), "nofile")), "NotFound")
      yield* expectInvalid(as(w.reader)(links.fileBacklinks(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), file, { limit: 1001 })), "limit")
      yield* as(w.admin)(crs.merge(space.id, cr.id))
      const merged = yield* as(w.reader)(links.fileBacklinks(ContentScope.Space({ spaceId: space.id }), file, { limit: 1 }))
      const revision = (yield* as(w.admin)(spaces.get(space.id))).revision
      expect(merged).toMatchObject({ count: 2, next: { page: "1" }, items: [{ page: "intro", versionContext: { revision } }] })
    }))
})
