import { describe, expect } from "@effect/vitest"
import { ContentScope, type RevisionId } from "@quire/core"
import { Effect, TestClock } from "effect"
import { changeRequestServices, changeRequestTest, withSpace } from "../support/changeRequests.js"
import { as, expectInvalid, expectTag } from "../support/content.js"

/**
 * What a change request changes (`ChangeRequests.changes`), what a revision changed
 * (`Content.changes`, in a change request or a revision scope), and who contributed to a change request (`ChangeRequests.contributors`).
 */
const test = changeRequestTest

const services = changeRequestServices

/** Each change as `type page-or-file-id`, in the answer's order. */
const summary = (changes: { readonly changes: ReadonlyArray<{ readonly type: string; readonly page?: { id: string }; readonly file?: { id: string } }> }) =>
  changes.changes.map((c) => `${c.type} ${c.page?.id ?? c.file?.id}`)

describe("Content.changes of a change request", () => {
  test("the changes a change request makes against its merge base: created, edited, deleted, moved pages and files", () =>
    Effect.gen(function* () {
      const { crs, content } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      expect(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id })))).toEqual({ changes: [] })
      const applied = yield* as(w.editor)(
        crs.updateContent(space.id, cr.id, [
          { operation: "insert_page", title: "C", document: { markdown: "three" } },
          { operation: "update_page", page: "a", title: "A2" },
          { operation: "update_page", page: "b", into: "a" },
          { operation: "insert_files", files: [{ name: "x.txt", contentType: "text/plain", base64: "aGk=" }] }
        ])
      )
      const c = (applied.changes[0]!.page as { readonly id: string }).id
      const file = applied.insertedFiles![0]!.id
      const changes = yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.number })))
      // Pages by path (A, A/B, C), then files.
      expect(summary(changes)).toEqual(["page_edited a", "page_moved b", `page_created ${c}`, `file_created ${file}`])
      expect(changes.changes[0]).toMatchObject({ attributes: { title: { before: "A", after: "A2" } } })
      expect(changes.changes[1]).toMatchObject({ parent: { after: { id: "a" } } })
      expect(changes.more).toBeUndefined()
      yield* as(w.editor)(crs.updateContent(space.id, cr.id, [{ operation: "delete_page", page: c }]))
      // Created, then deleted in the change request: nothing to report about it.
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }))))).toEqual(["page_edited a", "page_moved b", `file_created ${file}`])
      // Deleting a page the space has is reported.
      yield* as(w.editor)(crs.updateContent(space.id, cr.id, [{ operation: "delete_page", page: "b" }]))
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }))))).toEqual(["page_edited a", "page_deleted b", `file_created ${file}`])
    }))

  test("what the space did after the change request was made is not the change request's", () =>
    Effect.gen(function* () {
      const { crs, content } = yield* services
      const { w, space } = yield* withSpace
      const idle = yield* as(w.editor)(crs.create(space.id, {}))
      const busy = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, busy.id, [{ operation: "update_page", page: "b", title: "B2" }]))
      // Another change request lands in the space.
      const other = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, other.id, [{ operation: "update_page", page: "a", title: "A2" }]))
      expect((yield* as(w.admin)(crs.merge(space.id, other.id))).result).toBe("merge")
      expect(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: idle.id })))).toEqual({ changes: [] })
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: busy.id }))))).toEqual(["page_edited b"])
      // Updated from the space: its merge base moves, and its changes are still only its own.
      expect((yield* as(w.editor)(crs.updateFromSpace(space.id, busy.id))).result).toBe("update")
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: busy.id }))))).toEqual(["page_edited b"])
      // Merged: the same changes, as merged, even after the space moves on.
      expect((yield* as(w.admin)(crs.merge(space.id, busy.id))).result).toBe("merge")
      const later = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, later.id, [{ operation: "delete_page", page: "b" }]))
      yield* as(w.admin)(crs.merge(space.id, later.id))
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: busy.id }))))).toEqual(["page_edited b"])
    }))

  test("limit: 10 unless asked, `more` counts the rest; out of 1..1000 is InvalidInput naming limit; outsiders NotFound", () =>
    Effect.gen(function* () {
      const { crs, content } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      const inserts = Array.from({ length: 12 }, (_, i) => ({
        operation: "insert_page" as const,
        title: `Page ${String(i).padStart(2, "0")}`,
        document: { markdown: "" }
      }))
      yield* as(w.editor)(crs.updateContent(space.id, cr.id, inserts))
      const first = yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id })))
      expect(first.changes).toHaveLength(10)
      expect(first.more).toBe(2)
      const three = yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), { limit: 3 }))
      expect(three.changes).toEqual(first.changes.slice(0, 3))
      expect(three.more).toBe(9)
      const all = yield* as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), { limit: 12 }))
      expect(all.changes).toHaveLength(12)
      expect(all.more).toBeUndefined()
      for (const limit of [0, -1, 1.5, 1001, Number.NaN]) yield* expectInvalid(as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }), { limit })), "limit")
      yield* expectTag(as(w.outsider)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }))), "NotFound")
      yield* expectTag(as(w.reader)(content.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: 99 }))), "NotFound")
    }))
})

describe("SpaceContent.changes", () => {
  test("a revision's changes against its first parent; a merge's are the change request's; the first revision's are none", () =>
    Effect.gen(function* () {
      const { crs, content, spaces, engine } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, cr.id, [{ operation: "update_page", page: "a", title: "A2" }]))
      const merged = yield* as(w.admin)(crs.merge(space.id, cr.id))
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.Revision({ spaceId: space.id, revisionId: merged.revision }))))).toEqual(["page_edited a"])
      // The import the space started from was merged onto its empty first revision.
      const fresh = yield* as(w.admin)(spaces.create(w.org, {}))
      expect(yield* as(w.reader)(content.changes(ContentScope.Revision({ spaceId: fresh.id, revisionId: fresh.revision })))).toEqual({ changes: [] })
      // A revision without parents, against no content: all of it is new.
      const imported = yield* engine.importPages([{ id: "x", title: "X", markdown: "x" }], { spaceId: fresh.id })
      expect(summary(yield* as(w.reader)(content.changes(ContentScope.Revision({ spaceId: fresh.id, revisionId: imported.revision.id }))))).toEqual(["page_created x"])
      expect((yield* as(w.reader)(content.changes(ContentScope.Revision({ spaceId: space.id, revisionId: merged.revision }), { limit: 1 }))).more).toBeUndefined()
      yield* expectInvalid(as(w.reader)(content.changes(ContentScope.Revision({ spaceId: space.id, revisionId: merged.revision }), { limit: 0 })), "limit")
      // Another space's revision (the caller sees both) is readable, as getRevisionById reads it; an unknown one is not.
      yield* expectTag(as(w.reader)(content.changes(ContentScope.Revision({ spaceId: space.id, revisionId: "unknownRevision0000" as RevisionId }))), "NotFound")
      yield* expectTag(as(w.outsider)(content.changes(ContentScope.Revision({ spaceId: space.id, revisionId: merged.revision }))), "NotFound")
    }))
})

describe("ChangeRequests.contributors", () => {
  test("who wrote content or updated from the space, once each, by first write; the creator only if they wrote", () =>
    Effect.gen(function* () {
      const { crs } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.admin)(crs.create(space.id, {}))
      // Created, nothing written: no contributors, not even the creator.
      expect(yield* as(w.reader)(crs.contributors(space.id, cr.id))).toEqual({ items: [], count: 0 })
      yield* TestClock.adjust("1 second")
      yield* as(w.editor)(crs.updateContent(space.id, cr.id, [{ operation: "update_page", page: "a", title: "A2" }]))
      yield* TestClock.adjust("1 second")
      yield* as(w.creator)(crs.updateContent(space.id, cr.id, [{ operation: "update_page", page: "b", title: "B2" }]))
      yield* TestClock.adjust("1 second")
      yield* as(w.editor)(crs.updateContent(space.id, cr.id, [{ operation: "update_page", page: "a", title: "A3" }]))
      // An update from the space with nothing to take in writes nothing: no contribution.
      expect((yield* as(w.reviewer)(crs.updateFromSpace(space.id, cr.id))).result).toBe("update")
      // A failed write is no contribution either.
      yield* expectInvalid(as(w.reviewer)(crs.updateContent(space.id, cr.id, [{ operation: "delete_page", page: "nope" }])), "changes[0].page")
      const listed = yield* as(w.reader)(crs.contributors(space.id, cr.number))
      expect(listed.count).toBe(2)
      expect(listed.items).toEqual([
        { user: expect.objectContaining({ id: w.editor.id }), count: 2, updatedAt: new Date(3000).toISOString(), actionType: "edit" },
        { user: expect.objectContaining({ id: w.creator.id }), count: 1, updatedAt: new Date(2000).toISOString(), actionType: "edit" }
      ])
      // Updating from the space, once it has moved on, is a contribution.
      const other = yield* as(w.admin)(crs.create(space.id, {}))
      yield* as(w.admin)(crs.updateContent(space.id, other.id, [{ operation: "insert_page", title: "New", document: { markdown: "" } }]))
      yield* as(w.admin)(crs.merge(space.id, other.id))
      yield* TestClock.adjust("1 second")
      expect((yield* as(w.reviewer)(crs.updateFromSpace(space.id, cr.id))).result).toBe("update")
      const after = yield* as(w.reader)(crs.contributors(space.id, cr.id))
      expect(after.items.map((c) => [c.user.id, c.count])).toEqual([
        [w.editor.id, 2],
        [w.creator.id, 1],
        [w.reviewer.id, 1]
      ])
      // The admin who created the change request contributed to `other`, not to this one.
      expect((yield* as(w.reader)(crs.contributors(space.id, other.id))).items.map((c) => c.user.id)).toEqual([w.admin.id])
      yield* expectTag(as(w.outsider)(crs.contributors(space.id, cr.id)), "NotFound")
      yield* expectTag(as(w.reader)(crs.contributors(space.id, 99)), "NotFound")
    }))
})
