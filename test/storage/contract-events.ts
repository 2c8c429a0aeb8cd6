import { type EventRecord, Events, type NewEvent, type OrganizationId, type SpaceId, Storage, type UserId } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Data, Deferred, Effect, Fiber } from "effect"
import { at, newId, type StorageLayer } from "./contract-fixtures.js"

class Refused extends Data.TaggedError("Refused")<{}> {}

const makeEvent = (organizationId: OrganizationId, over: Partial<NewEvent> = {}): NewEvent => ({
  type: "change_request.created",
  organizationId,
  spaceId: newId<SpaceId>(),
  actor: newId<UserId>(),
  at: at(1),
  payload: { changeRequestId: newId<string>(), number: 1 },
  ...over
})

/** The last sequence committed so far (0 when none): where a reader starting now would begin. */
const tail = Effect.gen(function* () {
  const events = yield* Events
  let cursor = 0
  for (;;) {
    const page = yield* events.readAfter(cursor, 100)
    if (page.length === 0) return cursor
    cursor = page[page.length - 1]!.sequence
  }
})

/** Every event after `cursor`, read in pages of 2 as a reader would, with the cursor it ends at. */
const readFrom = (cursor: number) =>
  Effect.gen(function* () {
    const events = yield* Events
    const read: Array<EventRecord> = []
    for (;;) {
      const page = yield* events.readAfter(cursor, 2)
      if (page.length === 0) return { read, cursor }
      read.push(...page)
      cursor = page[page.length - 1]!.sequence
    }
  })

/** The events of one organization after `cursor`, without their sequence. */
const eventsOf = (organizationId: OrganizationId, cursor: number) =>
  Effect.map(readFrom(cursor), ({ read }) =>
    read.filter((e) => e.organizationId === organizationId).map(({ sequence: _, ...event }) => event)
  )

export const eventsContract = (storage: StorageLayer) =>
  describe("Events (the outbox)", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("an appended event reads back as it was, after the cursor, numbered in order", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const start = yield* tail
          const org = newId<OrganizationId>()
          const first = makeEvent(org, {
            payload: { changeRequestId: "cr", number: 7, status: "open", nested: { list: [1, "two", true, null] }, text: "é ✓ 🙂" }
          })
          const second = makeEvent(org, { type: "change_request.merged", spaceId: null, actor: null, at: at(2) })
          yield* events.append(first)
          yield* events.append(second)
          const read = yield* events.readAfter(start, 10)
          expect(read).toStrictEqual([
            { ...first, sequence: read[0]!.sequence },
            { ...second, sequence: read[1]!.sequence }
          ])
          expect(read[0]!.sequence).toBeGreaterThan(start)
          expect(read[1]!.sequence).toBeGreaterThan(read[0]!.sequence)
        })
      )

      it.effect("readAfter gives at most `limit` events after the cursor, by sequence", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          const appended = [1, 2, 3, 4, 5].map((number) => makeEvent(org, { payload: { number } }))
          yield* events.append(appended[0]!)
          yield* transaction(Effect.forEach(appended.slice(1, 4), events.append))
          yield* events.append(appended[4]!)
          const firstTwo = yield* events.readAfter(start, 2)
          expect(firstTwo.map((e) => e.payload.number)).toStrictEqual([1, 2])
          const nextTwo = yield* events.readAfter(firstTwo[1]!.sequence, 2)
          expect(nextTwo.map((e) => e.payload.number)).toStrictEqual([3, 4])
          const last = yield* events.readAfter(nextTwo[1]!.sequence, 2)
          expect(last.map((e) => e.payload.number)).toStrictEqual([5])
          expect(yield* events.readAfter(last[0]!.sequence, 2)).toStrictEqual([])
          expect(yield* events.readAfter(start, 0)).toStrictEqual([])
          expect(yield* eventsOf(org, start)).toStrictEqual(appended)
        })
      )

      it.effect("an event appended in a transaction that fails is never read, even after later commits", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          const failed = yield* Effect.flip(transaction(Effect.zipRight(events.append(makeEvent(org)), new Refused())))
          expect(failed).toBeInstanceOf(Refused)
          expect(yield* eventsOf(org, start)).toStrictEqual([])
          const kept = makeEvent(org, { type: "change_request.updated" })
          yield* transaction(events.append(kept))
          expect(yield* eventsOf(org, start)).toStrictEqual([kept])
        })
      )

      it.effect("a nested transaction that fails takes back its own events only", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          const outer = makeEvent(org, { type: "change_request.created" })
          yield* transaction(
            Effect.zipRight(
              events.append(outer),
              transaction(Effect.zipRight(events.append(makeEvent(org, { type: "change_request.closed" })), new Refused())).pipe(
                Effect.catchTag("Refused", () => Effect.void)
              )
            )
          )
          expect(yield* eventsOf(org, start)).toStrictEqual([outer])
        })
      )

      it.effect("an event is not read before its transaction commits, and is read once it has", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          const event = makeEvent(org)
          const appended = yield* Deferred.make<void>()
          const commit = yield* Deferred.make<void>()
          const writer = yield* Effect.fork(
            transaction(
              Effect.gen(function* () {
                yield* events.append(event)
                yield* Deferred.succeed(appended, undefined)
                yield* Deferred.await(commit)
              })
            )
          )
          yield* Deferred.await(appended)
          expect(yield* eventsOf(org, start)).toStrictEqual([])
          yield* Deferred.succeed(commit, undefined)
          yield* Fiber.join(writer)
          expect(yield* eventsOf(org, start)).toStrictEqual([event])
        })
      )

      it.effect("readers at once read the same events with the same sequences, inside a transaction too", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          yield* Effect.forEach([1, 2, 3], (number) => events.append(makeEvent(org, { payload: { number } })), {
            concurrency: "unbounded"
          })
          const reads = yield* Effect.all(
            [readFrom(start), readFrom(start), transaction(readFrom(start)), events.readAfter(start, 100)],
            { concurrency: "unbounded" }
          )
          const [first, ...others] = reads.map((r) => ("read" in r ? r.read : r).filter((e) => e.organizationId === org))
          expect(first!.map((e) => e.payload.number).sort()).toStrictEqual([1, 2, 3])
          for (const other of others) expect(other).toStrictEqual(first)
        })
      )

      it.effect("transactions appending at once all commit, each event once, in increasing sequence", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          const appended = Array.from({ length: 8 }, (_, number) => makeEvent(org, { payload: { number } }))
          yield* Effect.forEach(appended, (event) => transaction(Effect.zipRight(events.append(event), events.append(event))), {
            concurrency: "unbounded"
          })
          const { read } = yield* readFrom(start)
          const numbers = read.filter((e) => e.organizationId === org).map((e) => e.payload.number as number)
          expect(numbers.sort((a, b) => a - b)).toStrictEqual(appended.flatMap((_, n) => [n, n]))
        })
      )

      // Where a number taken at the insert were the sequence (a Postgres identity), the second
      // transaction would commit a greater one while the first is open; the reader would read
      // it and move its cursor past the first's, which it would then never see.
      it.effect("a reader that keeps its cursor misses no event when the first to append commits last", () =>
        Effect.gen(function* () {
          const events = yield* Events
          const { transaction } = yield* Storage
          const start = yield* tail
          const org = newId<OrganizationId>()
          const early = makeEvent(org, { type: "change_request.created" })
          const late = makeEvent(org, { type: "change_request.updated" })
          const appended = yield* Deferred.make<void>()
          const commit = yield* Deferred.make<void>()
          const first = yield* Effect.fork(
            transaction(
              Effect.gen(function* () {
                yield* events.append(early)
                yield* Deferred.succeed(appended, undefined)
                yield* Deferred.await(commit)
              })
            )
          )
          yield* Deferred.await(appended)
          const second = yield* Effect.fork(transaction(events.append(late)))
          // Time for the second to commit, if the adapter lets it before the first ends.
          yield* Effect.ignore(Effect.timeout(Fiber.await(second), "300 millis"))
          const before = yield* readFrom(start)
          yield* Deferred.succeed(commit, undefined)
          yield* Fiber.join(first)
          yield* Fiber.join(second)
          const after = yield* readFrom(before.cursor)
          const seen = [...before.read, ...after.read].filter((e) => e.organizationId === org)
          expect(seen.map((e) => e.type).sort()).toStrictEqual(["change_request.created", "change_request.updated"])
          const sequences = seen.map((e) => e.sequence)
          expect(sequences).toStrictEqual([...sequences].sort((a, b) => a - b))
        })
      )
    })
  })
