import { describe, expect, it } from "@effect/vitest"
import {
  type JobHandler,
  JobHandlers,
  type JobId,
  type JobRecord,
  JobRepository,
  JobRunner,
  type JobRunnerOptions,
  Jobs,
  jobHandler,
  jobKind,
  PermanentJobFailure,
  randomId,
  recurringJob,
  retryDelayMs
} from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { Data, Deferred, Effect, Exit, FastCheck as fc, Layer, Option, Ref, Schema, Scope, TestClock } from "effect"

class Boom extends Data.TaggedError("Boom")<{ readonly message: string }> {}

const Work = jobKind("test.work", Schema.Struct({ n: Schema.Number }))

/** Fast retries, found by a fast poll. */
const runnerOptions: JobRunnerOptions = { pollIntervalMs: 5, backoff: { baseMs: 1, maxMs: 5 }, leaseMs: 60_000 }

/** A runner of `handlers` over its storage, for the test's scope. */
const startRunner = (handlers: ReadonlyArray<JobHandler<never>>, options: JobRunnerOptions = runnerOptions) =>
  Layer.build(JobRunner.layer(options).pipe(Layer.provide(JobHandlers.layer(handlers))))

const storage = Layer.provideMerge(Jobs.Default, MemoryStorage.layer)

/** The job, once `done` holds for it (checked every few milliseconds). */
const waitFor = (id: JobId, done: (job: JobRecord) => boolean) =>
  Effect.gen(function* () {
    const jobs = yield* JobRepository
    for (;;) {
      const job = Option.getOrThrow(yield* jobs.get(id))
      if (done(job)) return job
      yield* Effect.sleep(5)
    }
  })

const ended = (job: JobRecord) => job.state === "succeeded" || job.state === "failed"

describe("JobRunner", () => {
  it.scopedLive("runs an enqueued job at once, with its decoded payload, and records its result", () =>
    Effect.gen(function* () {
      const seen = yield* Ref.make<ReadonlyArray<number>>([])
      // A poll so slow that only `Jobs.enqueue`'s wake-up can start the job in time.
      yield* startRunner([jobHandler(Work, ({ n }) => Effect.as(Ref.update(seen, (s) => [...s, n]), { doubled: n * 2 }))], {
        ...runnerOptions,
        pollIntervalMs: 60 * 60_000
      })
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 21 }))
      const done = yield* waitFor(job.id, ended)
      expect(done).toMatchObject({ state: "succeeded", attempts: 1, result: { doubled: 42 }, lastError: null })
      expect(yield* Ref.get(seen)).toStrictEqual([21])
    }).pipe(Effect.provide(storage))
  )

  it.scopedLive("retries a failing attempt until one succeeds, keeping the last error", () =>
    Effect.gen(function* () {
      const attempts = yield* Ref.make(0)
      yield* startRunner([
        jobHandler(Work, () =>
          Effect.flatMap(Ref.updateAndGet(attempts, (n) => n + 1), (n) => (n < 3 ? new Boom({ message: `attempt ${n}` }) : Effect.void))
        )
      ])
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 1 }, { maxAttempts: 5 }))
      const done = yield* waitFor(job.id, ended)
      expect(done).toMatchObject({ state: "succeeded", attempts: 3, lastError: "Boom: attempt 2", result: null })
      expect(yield* Ref.get(attempts)).toBe(3)
    }).pipe(Effect.provide(storage))
  )

  it.scopedLive("fails a job for good after maxAttempts, with the last error's message", () =>
    Effect.gen(function* () {
      const attempts = yield* Ref.make(0)
      yield* startRunner([jobHandler(Work, () => Effect.zipRight(Ref.update(attempts, (n) => n + 1), new Boom({ message: "broken" })))])
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 1 }, { maxAttempts: 3 }))
      expect(yield* waitFor(job.id, ended)).toMatchObject({ state: "failed", attempts: 3, lastError: "Boom: broken" })
      expect(yield* Ref.get(attempts)).toBe(3)
    }).pipe(Effect.provide(storage))
  )

  it.scopedLive("a permanent failure, or a payload the handler cannot read, fails the job at its first attempt", () =>
    Effect.gen(function* () {
      yield* startRunner([jobHandler(Work, ({ n }) => (n < 0 ? new PermanentJobFailure({ message: "negative" }) : Effect.void))])
      const permanent = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: -1 }, { maxAttempts: 5 }))
      expect(yield* waitFor(permanent.id, ended)).toMatchObject({ state: "failed", attempts: 1, lastError: "PermanentJobFailure: negative" })
      const unreadable = yield* Effect.flatMap(JobRepository, (jobs) =>
        jobs.enqueue({
          id: randomId() as JobId,
          kind: Work.name,
          payload: { n: "many" },
          maxAttempts: 5,
          runAfter: new Date(0).toISOString(),
          dedupeKey: null,
          createdAt: new Date(0).toISOString()
        })
      )
      yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 1 }))
      const failed = yield* waitFor(unreadable.id, ended)
      expect(failed).toMatchObject({ state: "failed", attempts: 1 })
      expect(failed.lastError).toContain("unreadable test.work payload")
    }).pipe(Effect.provide(storage))
  )

  it.scopedLive("a job whose worker died in its last attempt is failed without running again", () =>
    Effect.gen(function* () {
      const ran = yield* Ref.make(false)
      const repository = yield* JobRepository
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 1 }, { maxAttempts: 1 }))
      const past = new Date(Date.now() - 60_000).toISOString()
      // A worker that claimed it a minute ago, with a lease already passed, and never came back.
      yield* repository.claim({ kinds: [Work.name], claimedBy: "dead", now: new Date().toISOString(), leaseUntil: past })
      yield* startRunner([jobHandler(Work, () => Ref.set(ran, true))], runnerOptions)
      const done = yield* waitFor(job.id, ended)
      expect(done).toMatchObject({ state: "failed", attempts: 2 })
      expect(done.lastError).toContain("stopped during the last attempt")
      expect(yield* Ref.get(ran)).toBe(false)
    }).pipe(Effect.provide(storage))
  )

  it.scopedLive("a job failed without running has its handler's `abandoned` record it, with the reason", () =>
    Effect.gen(function* () {
      const recorded = yield* Ref.make<ReadonlyArray<string>>([])
      const repository = yield* JobRepository
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 7 }, { maxAttempts: 1 }))
      const past = new Date(Date.now() - 60_000).toISOString()
      yield* repository.claim({ kinds: [Work.name], claimedBy: "dead", now: new Date().toISOString(), leaseUntil: past })
      const handler = jobHandler(
        Work,
        () => Effect.void,
        (payload, _job, message) => Ref.update(recorded, (all) => [...all, `${payload.n}: ${message}`])
      )
      yield* startRunner([handler], runnerOptions)
      yield* waitFor(job.id, ended)
      for (let i = 0; i < 100 && (yield* Ref.get(recorded)).length === 0; i++) yield* Effect.sleep(5)
      expect(yield* Ref.get(recorded)).toEqual(["7: its worker stopped during the last attempt"])
    }).pipe(Effect.provide(storage))
  )

  it.scoped("a running job's lease is renewed while it works, so another runner never takes it", () =>
    Effect.gen(function* () {
      const runs = yield* Ref.make(0)
      const handler = jobHandler(Work, () => Effect.zipRight(Ref.update(runs, (n) => n + 1), Effect.sleep(1_000)))
      // Two runners, as two servers, on the test clock: the lease is a tenth of the job's work.
      const options = { ...runnerOptions, leaseMs: 100 }
      yield* startRunner([handler], { ...options, workerId: "first" })
      yield* startRunner([handler], { ...options, workerId: "second" })
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 1 }))
      for (let ms = 0; ms < 1_500; ms += 5) {
        yield* TestClock.adjust(5)
        yield* Effect.yieldNow()
      }
      const done = Option.getOrThrow(yield* Effect.flatMap(JobRepository, (jobs) => jobs.get(job.id)))
      expect(done).toMatchObject({ state: "succeeded", attempts: 1 })
      expect(yield* Ref.get(runs)).toBe(1)
    }).pipe(Effect.provide(storage))
  )

  it.live("a runner stopped mid-job gives the job back at once, its attempt not counted", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const scope = yield* Scope.make()
      yield* Layer.buildWithScope(
        JobRunner.layer(runnerOptions).pipe(
          Layer.provide(JobHandlers.layer([jobHandler(Work, () => Effect.zipRight(Deferred.succeed(started, undefined), Effect.never))]))
        ),
        scope
      )
      const job = yield* Jobs.use((jobs) => jobs.enqueue(Work, { n: 1 }))
      yield* Deferred.await(started)
      yield* Scope.close(scope, Exit.void)
      const back = Option.getOrThrow(yield* Effect.flatMap(JobRepository, (jobs) => jobs.get(job.id)))
      expect(back).toMatchObject({ state: "queued", attempts: 0, lastError: null, claimedUntil: null })
    }).pipe(Effect.provide(storage))
  )

  it.scopedLive("a recurring job is enqueued once per period however many servers schedule it", () =>
    Effect.gen(function* () {
      const hour = 60 * 60_000
      yield* Layer.build(Layer.mergeAll(recurringJob(Work, { n: 1 }, hour), recurringJob(Work, { n: 1 }, hour)))
      const jobs = yield* JobRepository
      let listed = yield* jobs.list({ kind: Work.name, limit: 10 })
      while (listed.length === 0) listed = yield* Effect.zipRight(Effect.sleep(5), jobs.list({ kind: Work.name, limit: 10 }))
      yield* Effect.sleep(20)
      const after = yield* jobs.list({ kind: Work.name, limit: 10 })
      expect(after).toHaveLength(1)
      expect(after[0]!.id).toBe(listed[0]!.id)
      const periodStart = new Date(Math.floor(Date.now() / hour) * hour).toISOString()
      expect(after[0]).toMatchObject({ dedupeKey: `test.work@${periodStart}`, runAfter: periodStart, state: "queued" })
    }).pipe(Effect.provide(storage))
  )
})

describe("retryDelayMs", () => {
  it.prop(
    "is between half and all of the capped exponential delay, and never shrinks as attempts grow",
    [fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })],
    ([attempt, random]) => {
      const backoff = { baseMs: 1_000, maxMs: 600_000 }
      const capped = Math.min(1_000 * 2 ** (attempt - 1), 600_000)
      const delay = retryDelayMs(attempt, random, backoff)
      expect(delay).toBeGreaterThanOrEqual(Math.floor(capped / 2))
      expect(delay).toBeLessThanOrEqual(capped)
      expect(retryDelayMs(attempt + 1, random, backoff)).toBeGreaterThanOrEqual(delay)
    }
  )
})
