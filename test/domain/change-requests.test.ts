import { describe, expect, it } from "@effect/vitest"
import { canMoveTo, ChangeRequestRepository, type ChangeRequestStatus, ContentEngine, ContentScope } from "@quire/core"
import { Effect, Option, TestClock } from "effect"
import { changeRequestServices, changeRequestTest, withSpace } from "../support/changeRequests.js"
import { as, expectInvalid, expectTag } from "../support/content.js"

const test = changeRequestTest

const services = changeRequestServices

/** The root-level page titles of a revision, in order. */
const titles = (revision: string) =>
  Effect.flatMap(ContentEngine, (engine) =>
    Effect.flatMap(engine.tree(revision), (tree) => Effect.map(tree.children(null), (pages) => pages.map((p) => p.title)))
  )

describe("change request status", () => {
  const all: ReadonlyArray<ChangeRequestStatus> = ["draft", "open", "archived", "merged"]
  const allowed = new Set(["draft>open", "open>draft", "draft>archived", "open>archived", "archived>open"])
  it("draft ⇄ open, draft | open → archived, archived → open; merged is final and never set", () => {
    for (const from of all) {
      for (const to of all) {
        const expected = from === to ? from !== "merged" : allowed.has(`${from}>${to}`)
        expect(canMoveTo(from, to), `${from} → ${to}`).toBe(expected)
      }
    }
  })
})

describe("ChangeRequests", () => {
  test("create numbers per space from 1, as drafts of the space's content; roles decide who may", () =>
    Effect.gen(function* () {
      const { spaces, crs } = yield* services
      const { w, space } = yield* withSpace
      const first = yield* as(w.editor)(crs.create(space.id, { subject: "First" }))
      const second = yield* as(w.admin)(crs.create(space.id, {}))
      expect([first.number, second.number]).toEqual([1, 2])
      expect(first).toMatchObject({
        object: "change-request",
        status: "draft",
        subject: "First",
        space: space.id,
        revision: space.revision,
        revisionInitial: space.revision,
        outdated: false,
        comments: 0,
        createdBy: { id: w.editor.id }
      })
      const other = yield* as(w.admin)(spaces.create(w.org, {}))
      expect((yield* as(w.admin)(crs.create(other.id, {}))).number).toBe(1)
      yield* expectTag(as(w.reader)(crs.create(space.id, {})), "Forbidden")
      yield* expectTag(as(w.outsider)(crs.create(space.id, {})), "NotFound")
      yield* expectInvalid(as(w.admin)(crs.create(space.id, { subject: "x".repeat(101) })), "subject")
      expect((yield* as(w.reader)(crs.get(space.id, 1))).id).toBe(first.id)
      expect((yield* as(w.reader)(crs.get(space.id, second.id))).number).toBe(2)
      yield* expectTag(as(w.reader)(crs.get(space.id, 3)), "NotFound")
    }))

  test("status moves by the rules; a forbidden move is a Conflict; the list filters by status", () =>
    Effect.gen(function* () {
      const { crs } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      expect((yield* as(w.editor)(crs.update(space.id, cr.id, { status: "open", subject: "Ready" }))).status).toBe("open")
      expect((yield* as(w.admin)(crs.list(space.id, {}))).items.map((c) => c.subject)).toEqual(["Ready"])
      expect((yield* as(w.editor)(crs.update(space.id, cr.id, { status: "archived" }))).status).toBe("archived")
      expect((yield* as(w.admin)(crs.list(space.id, {}))).count).toBe(0)
      expect((yield* as(w.admin)(crs.list(space.id, { status: "archived" }))).count).toBe(1)
      yield* expectTag(as(w.editor)(crs.update(space.id, cr.id, { status: "draft" })), "Conflict")
      yield* expectInvalid(as(w.editor)(crs.update(space.id, cr.id, { status: "merged" as never })), "status")
      yield* expectTag(as(w.reader)(crs.update(space.id, cr.id, { status: "open" })), "Forbidden")
    }))

  test("two change requests editing different pages both merge; the second was outdated and merges from its base", () =>
    Effect.gen(function* () {
      const { spaces, crs } = yield* services
      const { w, space } = yield* withSpace
      const one = yield* as(w.editor)(crs.create(space.id, {}))
      const two = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, one.id, [{ operation: "update_page", page: "a", title: "A1" }]))
      yield* as(w.editor)(crs.updateContent(space.id, two.id, [{ operation: "update_page", page: "b", title: "B2" }]))
      yield* expectTag(as(w.editor)(crs.merge(space.id, one.id)), "Forbidden")
      const first = yield* as(w.reviewer)(crs.merge(space.id, one.id))
      expect(first.result).toBe("merge")
      expect((yield* as(w.admin)(crs.get(space.id, two.id))).outdated).toBe(true)
      const second = yield* as(w.reviewer)(crs.merge(space.id, two.number))
      expect(second.result).toBe("merge")
      const after = yield* as(w.admin)(spaces.get(space.id))
      expect(after.revision).toBe(second.revision)
      expect(yield* titles(after.revision)).toEqual(["A1", "B2"])
      const merged = yield* as(w.admin)(crs.get(space.id, one.id))
      expect(merged).toMatchObject({ status: "merged", revisionMerged: first.revision, mergedBy: { id: w.reviewer.id }, outdated: false })
      yield* expectTag(as(w.editor)(crs.updateContent(space.id, one.id, [{ operation: "delete_page", page: "a" }])), "Conflict")
      yield* expectTag(as(w.editor)(crs.update(space.id, one.id, { status: "open" })), "Conflict")
      yield* expectTag(as(w.admin)(crs.merge(space.id, one.id)), "Conflict")
    }))

  test("the same page changed twice: the second merge answers conflicts and changes nothing; resolving in the change request merges", () =>
    Effect.gen(function* () {
      const { spaces, crs } = yield* services
      const { w, space } = yield* withSpace
      const one = yield* as(w.editor)(crs.create(space.id, {}))
      const two = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, one.id, [{ operation: "update_page", page: "a", title: "Ours" }]))
      yield* as(w.editor)(crs.updateContent(space.id, two.id, [{ operation: "update_page", page: "a", title: "Theirs" }]))
      yield* as(w.admin)(crs.merge(space.id, one.id))
      const before = (yield* as(w.admin)(spaces.get(space.id))).revision
      const failed = yield* as(w.admin)(crs.merge(space.id, two.id))
      expect(failed.result).toBe("conflicts")
      expect((yield* as(w.admin)(spaces.get(space.id))).revision).toBe(before)
      expect((yield* as(w.admin)(crs.get(space.id, two.id))).status).toBe("draft")
      const conflicts = yield* as(w.admin)(crs.conflicts(space.id, two.id))
      expect(conflicts.map((c) => ("page" in c ? c.page.id : c.id))).toEqual(["a"])
      // Updating from the space meets the same conflict; writing the resolution into the change request ends it.
      expect((yield* as(w.editor)(crs.updateFromSpace(space.id, two.id))).result).toBe("conflicts")
      yield* as(w.editor)(crs.updateContent(space.id, two.id, [{ operation: "update_page", page: "a", title: "Ours" }]))
      expect((yield* as(w.admin)(crs.merge(space.id, two.id))).result).toBe("merge")
      expect(yield* titles((yield* as(w.admin)(spaces.get(space.id))).revision)).toEqual(["Ours", "B"])
    }))

  test("updating from the space brings its new content in and clears outdated; a locked space refuses merges", () =>
    Effect.gen(function* () {
      const { spaces, crs } = yield* services
      const { w, space } = yield* withSpace
      const one = yield* as(w.editor)(crs.create(space.id, {}))
      const two = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, one.id, [{ operation: "insert_page", document: { markdown: "# New" } }]))
      yield* as(w.admin)(crs.merge(space.id, one.id))
      const updated = yield* as(w.editor)(crs.updateFromSpace(space.id, two.id))
      expect(updated.result).toBe("update")
      const after = yield* as(w.admin)(crs.get(space.id, two.id))
      expect(after).toMatchObject({ outdated: false, revision: updated.revision })
      expect(yield* titles(after.revision)).toEqual(["A", "B", "New"])
      yield* as(w.admin)(spaces.update(space.id, { editMode: "locked" }))
      yield* expectTag(as(w.admin)(crs.merge(space.id, two.id)), "Conflict")
      yield* expectTag(as(w.editor)(crs.updateContent(space.id, two.id, [{ operation: "delete_page", page: "a" }])), "Forbidden")
    }))

  test("purging a deleted space removes its change requests for good", () =>
    Effect.gen(function* () {
      const { spaces, crs } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.admin)(spaces.remove(space.id))
      yield* TestClock.adjust("8 days")
      expect(yield* spaces.purgeExpired).toBe(1)
      const stored = yield* (yield* ChangeRequestRepository).findById(space.id, cr.id)
      expect(Option.isNone(stored)).toBe(true)
    }))

  test("a change request's content reads as the space's does: its revision, pages, a page by id or path, files", () =>
    Effect.gen(function* () {
      const { crs, content } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(
        crs.updateContent(space.id, cr.id, [{ operation: "update_page", page: "a", title: "A in the CR", document: { markdown: "changed" } }])
      )
      const revision = yield* as(w.reader)(content.revision(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.number })))
      expect(revision.id).toBe((yield* as(w.reader)(crs.get(space.id, cr.id))).revision)
      expect((yield* as(w.reader)(content.pages(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id })))).map((p) => p.title)).toEqual(["A in the CR", "B"])
      const page = yield* as(w.reader)(content.page(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), "a", { markdown: true }))
      expect((page as { markdown?: string }).markdown).toContain("changed")
      expect((yield* as(w.reader)(content.pageByPath(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), "b"))).id).toBe("b")
      expect(yield* as(w.reader)(content.files(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id })))).toEqual([])
      yield* expectTag(as(w.reader)(content.page(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), "nope")), "NotFound")
      yield* expectTag(as(w.reader)(content.file(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), "nope")), "NotFound")
      yield* expectTag(as(w.outsider)(content.pages(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }))), "NotFound")
      // The space itself is unchanged until the merge.
      expect(yield* titles(space.revision)).toEqual(["A", "B"])
    }))
})
