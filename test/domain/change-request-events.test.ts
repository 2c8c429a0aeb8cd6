import { describe, expect } from "@effect/vitest"
import { type EventRecord, Events } from "@quire/core"
import { Effect } from "effect"
import { changeRequestServices as services, changeRequestTest as test, withSpace } from "../support/changeRequests.js"
import { as } from "../support/content.js"

/** Runs `write` and answers it with the events it appended (without their sequence), in order. */
const appendedBy = <A, E, R>(write: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const events = yield* Events
    const before = yield* events.readAfter(0, 10_000)
    const result = yield* Effect.either(write)
    const after = yield* events.readAfter(before.at(-1)?.sequence ?? 0, 10_000)
    return { result, events: after.map(({ sequence: _, ...event }): Omit<EventRecord, "sequence"> => event) }
  })

/** Only what a test checks of an event: its type and payload. */
const said = (events: ReadonlyArray<Omit<EventRecord, "sequence">>) => events.map(({ type, payload }) => ({ type, payload }))

describe("change request events", () => {
  test("create, update, a content batch, an update from the space and a merge each append their event", () =>
    Effect.gen(function* () {
      const { crs } = yield* services
      const { w, space } = yield* withSpace

      const created = yield* appendedBy(as(w.editor)(crs.create(space.id, { subject: "Draft" })))
      const cr = created.result._tag === "Right" ? created.result.right : expect.unreachable()
      expect(created.events).toStrictEqual([
        {
          type: "change_request.created",
          organizationId: w.org,
          spaceId: space.id,
          actor: w.editor.id,
          at: cr.createdAt,
          payload: { changeRequestId: cr.id, number: 1 }
        }
      ])
      const ids = { changeRequestId: cr.id, number: 1 }

      const renamed = yield* appendedBy(as(w.editor)(crs.update(space.id, cr.id, { subject: "Renamed" })))
      expect(said(renamed.events)).toStrictEqual([{ type: "change_request.updated", payload: { ...ids, status: "draft" } }])
      const opened = yield* appendedBy(as(w.admin)(crs.update(space.id, cr.id, { status: "open" })))
      expect(opened.events).toMatchObject([{ type: "change_request.updated", actor: w.admin.id, payload: { ...ids, status: "open" } }])
      const unchanged = yield* appendedBy(as(w.editor)(crs.update(space.id, cr.id, { subject: "Renamed", status: "open" })))
      expect(unchanged.events).toStrictEqual([])

      const batch = yield* appendedBy(
        as(w.editor)(crs.updateContent(space.id, cr.id, [{ operation: "update_page", page: "a", title: "A1" }]))
      )
      const batchRevision = batch.result._tag === "Right" ? batch.result.right.changeRequest.revision : expect.unreachable()
      expect(said(batch.events)).toStrictEqual([{ type: "change_request.updated", payload: { ...ids, revisionId: batchRevision } }])

      // Nothing new in the space: the update from it writes nothing, and says nothing.
      expect((yield* appendedBy(as(w.editor)(crs.updateFromSpace(space.id, cr.id)))).events).toStrictEqual([])
      const other = yield* as(w.editor)(crs.create(space.id, {}))
      yield* as(w.editor)(crs.updateContent(space.id, other.id, [{ operation: "update_page", page: "b", title: "B2" }]))
      const otherMerge = yield* appendedBy(as(w.reviewer)(crs.merge(space.id, other.id)))
      const otherMerged = otherMerge.result._tag === "Right" ? otherMerge.result.right.revision : expect.unreachable()
      expect(otherMerge.events).toMatchObject([
        { type: "change_request.merged", actor: w.reviewer.id, payload: { changeRequestId: other.id, number: 2, revisionId: otherMerged } }
      ])
      const fromSpace = yield* appendedBy(as(w.editor)(crs.updateFromSpace(space.id, cr.id)))
      const fromSpaceRevision = fromSpace.result._tag === "Right" ? fromSpace.result.right.revision : expect.unreachable()
      expect(said(fromSpace.events)).toStrictEqual([{ type: "change_request.updated", payload: { ...ids, revisionId: fromSpaceRevision } }])

      expect((yield* appendedBy(as(w.admin)(crs.merge(space.id, cr.id, { dryRun: true })))).events).toStrictEqual([])
      expect((yield* appendedBy(as(w.admin)(crs.conflicts(space.id, cr.id)))).events).toStrictEqual([])
      const merge = yield* appendedBy(as(w.admin)(crs.merge(space.id, cr.id)))
      const mergeRevision = merge.result._tag === "Right" ? merge.result.right.revision : expect.unreachable()
      expect(said(merge.events)).toStrictEqual([{ type: "change_request.merged", payload: { ...ids, revisionId: mergeRevision } }])
    }))

  test("archiving closes; reopening is an update", () =>
    Effect.gen(function* () {
      const { crs } = yield* services
      const { w, space } = yield* withSpace
      const cr = yield* as(w.editor)(crs.create(space.id, {}))
      const ids = { changeRequestId: cr.id, number: cr.number }
      const archived = yield* appendedBy(as(w.editor)(crs.update(space.id, cr.id, { status: "archived", subject: "Dropped" })))
      expect(said(archived.events)).toStrictEqual([{ type: "change_request.closed", payload: { ...ids, status: "archived" } }])
      const renamed = yield* appendedBy(as(w.editor)(crs.update(space.id, cr.id, { subject: "Still dropped" })))
      expect(said(renamed.events)).toStrictEqual([{ type: "change_request.updated", payload: { ...ids, status: "archived" } }])
      const reopened = yield* appendedBy(as(w.editor)(crs.update(space.id, cr.id, { status: "open" })))
      expect(said(reopened.events)).toStrictEqual([{ type: "change_request.updated", payload: { ...ids, status: "open" } }])
    }))

  test("a write that fails appends nothing", () =>
    Effect.gen(function* () {
      const { crs } = yield* services
      const { w, space } = yield* withSpace
      const nothingFrom = <A, E, R>(write: Effect.Effect<A, E, R>, tag: string) =>
        Effect.gen(function* () {
          const { result, events } = yield* appendedBy(write)
          expect(result._tag === "Left" ? (result.left as { _tag: string })._tag : "succeeded").toBe(tag)
          expect(events).toStrictEqual([])
        })
      yield* nothingFrom(as(w.reader)(crs.create(space.id, {})), "Forbidden")
      yield* nothingFrom(as(w.editor)(crs.create(space.id, { subject: "x".repeat(101) })), "InvalidInput")
      const one = yield* as(w.editor)(crs.create(space.id, {}))
      const two = yield* as(w.editor)(crs.create(space.id, {}))
      yield* nothingFrom(as(w.editor)(crs.merge(space.id, one.id)), "Forbidden")
      yield* as(w.editor)(crs.updateContent(space.id, one.id, [{ operation: "update_page", page: "a", title: "Ours" }]))
      yield* as(w.editor)(crs.updateContent(space.id, two.id, [{ operation: "update_page", page: "a", title: "Theirs" }]))
      yield* as(w.admin)(crs.merge(space.id, one.id))
      // Conflicted: the merge and the update from the space answer the conflicts and write nothing.
      const conflicted = yield* appendedBy(as(w.admin)(crs.merge(space.id, two.id)))
      expect(conflicted.result._tag === "Right" && conflicted.result.right.result).toBe("conflicts")
      expect(conflicted.events).toStrictEqual([])
      const notUpdated = yield* appendedBy(as(w.editor)(crs.updateFromSpace(space.id, two.id)))
      expect(notUpdated.result._tag === "Right" && notUpdated.result.right.result).toBe("conflicts")
      expect(notUpdated.events).toStrictEqual([])
      // Refused by the rules after the checks that come first.
      yield* nothingFrom(as(w.editor)(crs.update(space.id, one.id, { status: "open" })), "Conflict")
      yield* nothingFrom(as(w.editor)(crs.updateContent(space.id, one.id, [{ operation: "delete_page", page: "b" }])), "Conflict")
      yield* nothingFrom(as(w.admin)(crs.merge(space.id, one.id)), "Conflict")
      yield* nothingFrom(
        as(w.editor)(crs.updateContent(space.id, two.id, [{ operation: "update_page", page: "missing", title: "?" }])),
        "InvalidInput"
      )
      yield* nothingFrom(as(w.editor)(crs.update(space.id, two.id, { status: "merged" as never })), "InvalidInput")
    }))
})
