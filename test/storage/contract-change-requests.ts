import {
  type ChangeRequestQuery,
  type ChangeRequestRecord,
  ChangeRequestRepository,
  ChangeRequestStatus,
  changeRequestSortKey,
  type RevisionId,
  type SpaceId,
  type UserId
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Cause, Effect, Exit, Option, FastCheck as fc } from "effect"
import {
  at,
  makeChangeRequest,
  newId,
  sortRows,
  type StorageLayer,
  storedChangeRequest,
  storedSpace,
  walk
} from "./contract-fixtures.js"

const NUM_RUNS = 25
const PEOPLE = 3

const status = fc.constantFrom(...ChangeRequestStatus.literals)

const changeRequestShape = fc.record({
  status,
  /** Index of the creator among the people. */
  creator: fc.nat(PEOPLE - 1),
  /** Few distinct times, so many ties broken by id. */
  created: fc.integer({ min: 0, max: 3 })
})

const querySpace = fc.record({
  status,
  createdBy: fc.option(fc.nat(PEOPLE - 1), { nil: undefined, freq: 2 })
})

export const changeRequestsContract = (storage: StorageLayer) =>
  describe("ChangeRequestRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a change request comes back by id and by number, as inserted and as updated, nulls included", () =>
        Effect.gen(function* () {
          const changeRequests = yield* ChangeRequestRepository
          const spaceId = yield* storedSpace
          const otherSpace = yield* storedSpace
          const bare = makeChangeRequest(spaceId, 1, { status: "draft", createdAt: at(1.5), updatedAt: at(2) })
          const full = makeChangeRequest(spaceId, 2, {
            status: "merged",
            subject: "Rewrite the guide: ünïcode, \"quotes\" and 'apostrophes'",
            createdAt: at(3),
            updatedAt: at(4.25),
            revisionMergedAncestor: newId<RevisionId>(),
            revisionMerged: newId<RevisionId>(),
            mergedBy: newId<UserId>(),
            mergedAt: at(4.25)
          })
          yield* changeRequests.insert(bare)
          yield* changeRequests.insert(full)
          for (const record of [bare, full]) {
            expect(yield* changeRequests.findById(spaceId, record.id)).toStrictEqual(Option.some(record))
            expect(yield* changeRequests.findByNumber(spaceId, record.number)).toStrictEqual(Option.some(record))
            // Only in its own space.
            expect(yield* changeRequests.findById(otherSpace, record.id)).toStrictEqual(Option.none())
            expect(yield* changeRequests.findByNumber(otherSpace, record.number)).toStrictEqual(Option.none())
          }
          expect(yield* changeRequests.findById(spaceId, newId())).toStrictEqual(Option.none())
          expect(yield* changeRequests.findByNumber(spaceId, 3)).toStrictEqual(Option.none())

          const merged: ChangeRequestRecord = {
            ...bare,
            status: "merged",
            subject: "Renamed",
            updatedAt: at(9),
            revisionId: newId<RevisionId>(),
            revisionMergedAncestor: newId<RevisionId>(),
            revisionMerged: newId<RevisionId>(),
            mergedBy: newId<UserId>(),
            mergedAt: at(9)
          }
          yield* changeRequests.update(merged)
          expect(yield* changeRequests.findById(spaceId, bare.id)).toStrictEqual(Option.some(merged))
          expect(yield* changeRequests.findByNumber(spaceId, 1)).toStrictEqual(Option.some(merged))
          const reopened: ChangeRequestRecord = {
            ...full,
            status: "open",
            updatedAt: at(10),
            revisionMergedAncestor: null,
            revisionMerged: null,
            mergedBy: null,
            mergedAt: null
          }
          yield* changeRequests.update(reopened)
          expect(yield* changeRequests.findById(spaceId, full.id)).toStrictEqual(Option.some(reopened))
          expect(yield* changeRequests.findByNumber(spaceId, 2)).toStrictEqual(Option.some(reopened))

          // Updating a change request that was never inserted changes nothing.
          const ghost = makeChangeRequest(spaceId, 7)
          yield* changeRequests.update(ghost)
          expect(yield* changeRequests.findById(spaceId, ghost.id)).toStrictEqual(Option.none())
          expect(yield* changeRequests.findByNumber(spaceId, 7)).toStrictEqual(Option.none())
        })
      )

      it.effect("lastNumber is 0 for a space without change requests, else the greatest number of that space", () =>
        Effect.gen(function* () {
          const changeRequests = yield* ChangeRequestRepository
          const one = yield* storedSpace
          const two = yield* storedSpace
          expect(yield* changeRequests.lastNumber(one)).toBe(0)
          // Inserted out of order: the greatest, not the last inserted.
          for (const n of [2, 1, 3]) yield* changeRequests.insert(makeChangeRequest(one, n, { createdAt: at(n) }))
          expect(yield* changeRequests.lastNumber(one)).toBe(3)
          expect(yield* changeRequests.lastNumber(two)).toBe(0)
          yield* changeRequests.insert(makeChangeRequest(two, 1))
          expect(yield* changeRequests.lastNumber(two)).toBe(1)
          expect(yield* changeRequests.lastNumber(one)).toBe(3)
          // Every status counts.
          yield* changeRequests.insert(makeChangeRequest(one, 4, { status: "archived" }))
          expect(yield* changeRequests.lastNumber(one)).toBe(4)
        })
      )

      it.effect("the change request whose merge made a revision is found by that revision, in its space only", () =>
        Effect.gen(function* () {
          const changeRequests = yield* ChangeRequestRepository
          const spaceId = yield* storedSpace
          const merged = makeChangeRequest(spaceId, 1, { status: "merged", revisionMerged: "rev-merged" as RevisionId })
          yield* changeRequests.insert(merged)
          yield* changeRequests.insert(makeChangeRequest(spaceId, 2))
          expect(Option.getOrThrow(yield* changeRequests.findByMergedRevision(spaceId, "rev-merged" as RevisionId))).toEqual(merged)
          expect(Option.isNone(yield* changeRequests.findByMergedRevision(spaceId, "rev-other" as RevisionId))).toBe(true)
          expect(Option.isNone(yield* changeRequests.findByMergedRevision(newId<SpaceId>(), "rev-merged" as RevisionId))).toBe(true)
        })
      )

      it.effect("a contributor is recorded once per change request: first and last times, and how many writes", () =>
        Effect.gen(function* () {
          const changeRequests = yield* ChangeRequestRepository
          const cr = yield* storedChangeRequest
          const other = yield* storedChangeRequest
          const [ada, bob, carl] = [newId<UserId>(), newId<UserId>(), newId<UserId>()]
          expect(yield* changeRequests.listContributors(cr)).toStrictEqual([])
          yield* changeRequests.recordContributor(cr, bob, at(1))
          yield* changeRequests.recordContributor(cr, ada, at(2))
          yield* changeRequests.recordContributor(cr, bob, at(3))
          // A write whose clock is behind the last one keeps the later time.
          yield* changeRequests.recordContributor(cr, bob, at(2.5))
          yield* changeRequests.recordContributor(other, carl, at(0))
          // Carl's first write to `cr` comes at the same time as Ada's: ties go by user id.
          yield* changeRequests.recordContributor(cr, carl, at(2))
          const tied = [
            { changeRequestId: cr, userId: ada, firstContributedAt: at(2), lastContributedAt: at(2), contributions: 1 },
            { changeRequestId: cr, userId: carl, firstContributedAt: at(2), lastContributedAt: at(2), contributions: 1 }
          ].sort((x, y) => (x.userId < y.userId ? -1 : 1))
          expect(yield* changeRequests.listContributors(cr)).toStrictEqual([
            { changeRequestId: cr, userId: bob, firstContributedAt: at(1), lastContributedAt: at(3), contributions: 3 },
            ...tied
          ])
          expect(yield* changeRequests.listContributors(other)).toStrictEqual([
            { changeRequestId: other, userId: carl, firstContributedAt: at(0), lastContributedAt: at(0), contributions: 1 }
          ])
          expect(yield* changeRequests.listContributors(newId())).toStrictEqual([])
        })
      )

      it.effect("a second change request with a space's number is refused (a defect); other spaces may reuse it", () =>
        Effect.gen(function* () {
          const changeRequests = yield* ChangeRequestRepository
          const spaceId = yield* storedSpace
          const first = makeChangeRequest(spaceId, 1)
          yield* changeRequests.insert(first)
          const duplicate = makeChangeRequest(spaceId, 1, { subject: "Another" })
          const exit = yield* Effect.exit(changeRequests.insert(duplicate))
          expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
          expect(yield* changeRequests.findById(spaceId, duplicate.id)).toStrictEqual(Option.none())
          expect(yield* changeRequests.findByNumber(spaceId, 1)).toStrictEqual(Option.some(first))
          expect(yield* changeRequests.lastNumber(spaceId)).toBe(1)

          const elsewhere = makeChangeRequest(yield* storedSpace, 1)
          yield* changeRequests.insert(elsewhere)
          expect(yield* changeRequests.findByNumber(elsewhere.spaceId, 1)).toStrictEqual(Option.some(elsewhere))
          // The store still takes writes after the refusal.
          const second = makeChangeRequest(spaceId, 2)
          yield* changeRequests.insert(second)
          expect(yield* changeRequests.findByNumber(spaceId, 2)).toStrictEqual(Option.some(second))
        })
      )

      it.effect("an empty list counts 0", () =>
        Effect.gen(function* () {
          const changeRequests = yield* ChangeRequestRepository
          const spaceId = yield* storedSpace
          yield* changeRequests.insert(makeChangeRequest(spaceId, 1, { status: "draft" }))
          expect(yield* changeRequests.list(spaceId, { status: "open" }, { after: undefined, limit: 10 })).toStrictEqual({
            rows: [],
            count: 0
          })
          expect(yield* changeRequests.list(newId(), { status: "draft" }, { after: undefined, limit: 10 })).toStrictEqual({
            rows: [],
            count: 0
          })
        })
      )

      it.effect.prop(
        "list filters by status and creator, counts, and walks every row once, newest first",
        [fc.array(changeRequestShape, { minLength: 1, maxLength: 12 }), querySpace, fc.integer({ min: 1, max: 4 })],
        ([shapes, queryShape, limit]) =>
          Effect.gen(function* () {
            const changeRequests = yield* ChangeRequestRepository
            const spaceId = yield* storedSpace
            const foreignSpace = yield* storedSpace
            const people = Array.from({ length: PEOPLE }, () => newId<UserId>())
            const query: ChangeRequestQuery = {
              status: queryShape.status,
              createdBy: queryShape.createdBy === undefined ? undefined : people[queryShape.createdBy]
            }

            const rows: Array<ChangeRequestRecord> = []
            for (const [i, shape] of shapes.entries()) {
              const fields = { status: shape.status, createdBy: people[shape.creator]!, createdAt: at(shape.created) }
              const record = makeChangeRequest(spaceId, i + 1, fields)
              yield* changeRequests.insert(record)
              rows.push(record)
              // The same change request in another space, with the same number, must never show.
              yield* changeRequests.insert(makeChangeRequest(foreignSpace, i + 1, fields))
            }

            const expected = sortRows(
              rows.filter(
                (c) => c.status === query.status && (query.createdBy === undefined || c.createdBy === query.createdBy)
              ),
              changeRequestSortKey,
              "desc"
            )
            const listed = yield* walk(
              (k) => changeRequests.list(spaceId, query, k),
              limit,
              changeRequestSortKey,
              expected.length
            )
            expect(listed).toStrictEqual(expected)
            expect(yield* changeRequests.lastNumber(spaceId)).toBe(shapes.length)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )
    })
  })
