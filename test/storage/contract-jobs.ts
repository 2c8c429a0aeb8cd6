import { type ClaimRequest, type JobClaim, type JobId, JobRepository, type JobRecord, type NewJob, Storage } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Data, Effect, Option } from "effect"
import { at, newId, type StorageLayer } from "./contract-fixtures.js"

class Refused extends Data.TaggedError("Refused")<{}> {}

/** A kind of its own per test: the database is shared, and claims only see the kinds they name. */
const newKind = () => `test.${newId<string>()}`

const makeJob = (kind: string, over: Partial<NewJob> = {}): NewJob => ({
  id: newId<JobId>(),
  kind,
  payload: { url: "https://example.com/docs.zip", pages: [1, "two", true, null], nested: { text: "é ✓ 🙂" } },
  maxAttempts: 3,
  runAfter: at(10),
  dedupeKey: null,
  createdAt: at(0),
  ...over
})

const claimAt = (kind: string, seconds: number, claimedBy = "worker-a", leaseSeconds = 60): ClaimRequest => ({
  kinds: [kind],
  claimedBy,
  now: at(seconds),
  leaseUntil: at(seconds + leaseSeconds)
})

const claimOf = (job: JobRecord): JobClaim => ({ id: job.id, claimedBy: job.claimedBy!, attempt: job.attempts })

const claimed = (request: ClaimRequest) =>
  Effect.flatMap(JobRepository, (jobs) => jobs.claim(request)).pipe(Effect.map(Option.getOrThrow))

export const jobsContract = (storage: StorageLayer) =>
  describe("JobRepository (the job queue)", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("an enqueued job reads back queued, as it was, and lists by kind and state, newest first", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          const first = makeJob(kind)
          const second = makeJob(kind, { createdAt: at(1) })
          const record = yield* jobs.enqueue(first)
          const expected: JobRecord = {
            ...first,
            state: "queued",
            attempts: 0,
            claimedBy: null,
            claimedUntil: null,
            lastError: null,
            result: null,
            updatedAt: first.createdAt
          }
          expect(record).toStrictEqual(expected)
          yield* jobs.enqueue(second)
          expect(yield* jobs.get(first.id)).toStrictEqual(Option.some(expected))
          expect(yield* jobs.get(newId<JobId>())).toStrictEqual(Option.none())
          expect((yield* jobs.list({ kind, limit: 10 })).map((j) => j.id)).toStrictEqual([second.id, first.id])
          expect((yield* jobs.list({ kind, limit: 1 })).map((j) => j.id)).toStrictEqual([second.id])
          expect(yield* jobs.list({ kind, state: "running", limit: 10 })).toStrictEqual([])
          expect(yield* jobs.list({ kind: newKind(), limit: 10 })).toStrictEqual([])
        })
      )

      it.effect("a second enqueue with a used dedupe key writes nothing and answers the first job", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          const dedupeKey = `${kind}@${at(0)}`
          const first = yield* jobs.enqueue(makeJob(kind, { dedupeKey }))
          const again = yield* jobs.enqueue(makeJob(kind, { dedupeKey, payload: { other: true } }))
          expect(again).toStrictEqual(first)
          const inTransaction = yield* (yield* Storage).transaction(jobs.enqueue(makeJob(kind, { dedupeKey })))
          expect(inTransaction.id).toBe(first.id)
          yield* jobs.enqueue(makeJob(kind))
          yield* jobs.enqueue(makeJob(kind))
          expect(yield* jobs.list({ kind, limit: 10 })).toHaveLength(3)
        })
      )

      it.effect("a job enqueued in a transaction that fails does not exist", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          const job = makeJob(kind)
          const failed = yield* Effect.flip((yield* Storage).transaction(Effect.zipRight(jobs.enqueue(job), new Refused())))
          expect(failed).toBeInstanceOf(Refused)
          expect(yield* jobs.get(job.id)).toStrictEqual(Option.none())
          expect(yield* jobs.claim(claimAt(kind, 100))).toStrictEqual(Option.none())
        })
      )

      it.effect("a claim takes the due job of its kinds that waited longest: running, one more attempt, leased", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          const later = yield* jobs.enqueue(makeJob(kind, { runAfter: at(20) }))
          const sooner = yield* jobs.enqueue(makeJob(kind, { runAfter: at(10) }))
          yield* jobs.enqueue(makeJob(newKind(), { runAfter: at(0) }))
          expect(yield* jobs.claim(claimAt(kind, 9))).toStrictEqual(Option.none())
          const first = yield* claimed(claimAt(kind, 20))
          expect(first).toStrictEqual({
            ...sooner,
            state: "running",
            attempts: 1,
            claimedBy: "worker-a",
            claimedUntil: at(80),
            updatedAt: at(20)
          })
          expect(yield* jobs.get(sooner.id)).toStrictEqual(Option.some(first))
          const second = yield* claimed(claimAt(kind, 20, "worker-b"))
          expect(second.id).toBe(later.id)
          expect(second.claimedBy).toBe("worker-b")
          expect(yield* jobs.claim(claimAt(kind, 20))).toStrictEqual(Option.none())
          expect(yield* jobs.claim({ ...claimAt(kind, 20), kinds: [] })).toStrictEqual(Option.none())
        })
      )

      it.effect("completing needs the claim: another worker or attempt changes nothing; the holder records the result once", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          yield* jobs.enqueue(makeJob(kind))
          const job = yield* claimed(claimAt(kind, 10))
          const claim = claimOf(job)
          expect(yield* jobs.complete({ ...claim, claimedBy: "worker-b" }, null, at(11))).toBe(false)
          expect(yield* jobs.complete({ ...claim, attempt: 2 }, null, at(11))).toBe(false)
          expect(yield* jobs.fail({ ...claim, claimedBy: "worker-b" }, "no", null, at(11))).toBe(false)
          expect(yield* jobs.renew({ ...claim, claimedBy: "worker-b" }, at(500), at(11))).toBe(false)
          expect(Option.getOrThrow(yield* jobs.get(job.id)).state).toBe("running")
          expect(yield* jobs.complete(claim, { revision: "r1", pages: 3 }, at(12))).toBe(true)
          const done = Option.getOrThrow(yield* jobs.get(job.id))
          expect(done).toMatchObject({ state: "succeeded", result: { revision: "r1", pages: 3 }, attempts: 1, updatedAt: at(12) })
          expect(yield* jobs.complete(claim, null, at(13))).toBe(false)
          expect(yield* jobs.fail(claim, "late", at(14), at(13))).toBe(false)
          expect(yield* jobs.claim(claimAt(kind, 1_000))).toStrictEqual(Option.none())
          expect(Option.getOrThrow(yield* jobs.get(job.id))).toStrictEqual(done)
        })
      )

      it.effect("a failed attempt with a retry time is queued again from then; without one the job fails for good", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          yield* jobs.enqueue(makeJob(kind))
          const first = yield* claimed(claimAt(kind, 10))
          expect(yield* jobs.fail(claimOf(first), "Unreachable: connection refused", at(30), at(11))).toBe(true)
          expect(Option.getOrThrow(yield* jobs.get(first.id))).toMatchObject({
            state: "queued",
            attempts: 1,
            lastError: "Unreachable: connection refused",
            runAfter: at(30),
            updatedAt: at(11)
          })
          expect(yield* jobs.claim(claimAt(kind, 29))).toStrictEqual(Option.none())
          const second = yield* claimed(claimAt(kind, 30, "worker-b"))
          expect(second).toMatchObject({ id: first.id, attempts: 2, claimedBy: "worker-b", lastError: "Unreachable: connection refused" })
          expect(yield* jobs.fail(claimOf(second), "NotARepository", null, at(31))).toBe(true)
          expect(Option.getOrThrow(yield* jobs.get(first.id))).toMatchObject({ state: "failed", attempts: 2, lastError: "NotARepository" })
          expect(yield* jobs.claim(claimAt(kind, 10_000))).toStrictEqual(Option.none())
          expect((yield* jobs.list({ kind, state: "failed", limit: 10 })).map((j) => j.id)).toStrictEqual([first.id])
        })
      )

      it.effect("a running job whose lease passed is claimable again, and its first worker has lost it; a renewed lease holds", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          yield* jobs.enqueue(makeJob(kind))
          const first = yield* claimed(claimAt(kind, 10, "worker-a", 60))
          expect(yield* jobs.claim(claimAt(kind, 70, "worker-b"))).toStrictEqual(Option.none())
          expect(yield* jobs.renew(claimOf(first), at(100), at(60))).toBe(true)
          expect(yield* jobs.claim(claimAt(kind, 99, "worker-b"))).toStrictEqual(Option.none())
          const second = yield* claimed(claimAt(kind, 101, "worker-b"))
          expect(second).toMatchObject({ id: first.id, state: "running", attempts: 2, claimedBy: "worker-b", claimedUntil: at(161) })
          expect(yield* jobs.complete(claimOf(first), null, at(102))).toBe(false)
          expect(yield* jobs.renew(claimOf(first), at(500), at(102))).toBe(false)
          expect(yield* jobs.complete(claimOf(second), { ok: true }, at(103))).toBe(true)
          expect(Option.getOrThrow(yield* jobs.get(first.id))).toMatchObject({ state: "succeeded", attempts: 2, claimedBy: "worker-b" })
        })
      )

      it.effect("a released job is queued again from then, its attempt not counted; only the holder releases", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          yield* jobs.enqueue(makeJob(kind))
          const job = yield* claimed(claimAt(kind, 10))
          expect(yield* jobs.release({ ...claimOf(job), claimedBy: "worker-b" }, at(11))).toBe(false)
          expect(yield* jobs.release(claimOf(job), at(12))).toBe(true)
          expect(Option.getOrThrow(yield* jobs.get(job.id))).toMatchObject({ state: "queued", attempts: 0, runAfter: at(12), claimedUntil: null })
          expect(yield* jobs.release(claimOf(job), at(13))).toBe(false)
          expect(yield* claimed(claimAt(kind, 12, "worker-b"))).toMatchObject({ id: job.id, attempts: 1, claimedBy: "worker-b" })
        })
      )

      it.effect("concurrent claims take each due job once", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          const enqueued = yield* Effect.forEach(Array.from({ length: 24 }, () => makeJob(kind)), jobs.enqueue)
          const takeAll = (worker: string) =>
            Effect.gen(function* () {
              const taken: Array<JobId> = []
              for (;;) {
                const job = yield* jobs.claim(claimAt(kind, 20, worker))
                if (Option.isNone(job)) return taken
                taken.push(job.value.id)
              }
            })
          const takenBy = yield* Effect.all(
            Array.from({ length: 6 }, (_, i) => takeAll(`worker-${i}`)),
            { concurrency: "unbounded" }
          )
          const taken = takenBy.flat()
          expect(taken.sort()).toStrictEqual(enqueued.map((j) => j.id).sort())
          expect(new Set(taken).size).toBe(taken.length)
        })
      )

      it.effect("deleteEndedBefore removes the jobs that ended before the time, and only those", () =>
        Effect.gen(function* () {
          const jobs = yield* JobRepository
          const kind = newKind()
          for (let i = 0; i < 4; i++) yield* jobs.enqueue(makeJob(kind))
          const [succeeded, failed, endedLate, running] = [
            yield* claimed(claimAt(kind, 10)),
            yield* claimed(claimAt(kind, 10)),
            yield* claimed(claimAt(kind, 10)),
            yield* claimed(claimAt(kind, 10))
          ]
          yield* jobs.complete(claimOf(succeeded!), null, at(11))
          yield* jobs.fail(claimOf(failed!), "no", null, at(12))
          yield* jobs.complete(claimOf(endedLate!), null, at(50))
          const deleted = yield* jobs.deleteEndedBefore(at(40))
          expect(deleted).toBeGreaterThanOrEqual(2)
          const left = (yield* jobs.list({ kind, limit: 10 })).map((j) => j.id).sort()
          expect(left).toStrictEqual([endedLate!.id, running!.id].sort())
        })
      )
    })
  })
