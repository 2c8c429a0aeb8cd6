import { Clock, Duration, Effect, Layer } from "effect"
import type { JobJson } from "../storage/jobs/JobRecord.js"
import type { JobKind } from "./JobKind.js"
import { Jobs } from "./Jobs.js"

/** The start of the period of `everyMs` that `ms` falls in, periods counted from the epoch. */
export const periodStart = (ms: number, everyMs: number): number => Math.floor(ms / everyMs) * everyMs

/**
 * Enqueues a job of `kind` once per period of `everyMs`, for the scope of the layer: at start
 * for the current period, then at each period's start. The job's dedupe key names the kind and
 * the period, so however many servers run this, each period has one job.
 */
export const recurringJob = <A, I extends JobJson>(kind: JobKind<A, I>, payload: A, everyMs: number): Layer.Layer<never, never, Jobs> =>
  Layer.scopedDiscard(
    Effect.gen(function* () {
      const jobs = yield* Jobs
      const enqueueCurrent = Effect.gen(function* () {
        const start = periodStart(yield* Clock.currentTimeMillis, everyMs)
        const at = new Date(start).toISOString()
        yield* jobs.enqueue(kind, payload, { runAfter: at, dedupeKey: `${kind.name}@${at}`, maxAttempts: 3 })
      }).pipe(Effect.catchAllCause((cause) => Effect.logError(`Enqueueing the ${kind.name} job failed`, cause)))
      const untilNextPeriod = Effect.flatMap(Clock.currentTimeMillis, (ms) =>
        Effect.sleep(Duration.millis(periodStart(ms, everyMs) + everyMs - ms))
      )
      yield* Effect.forkScoped(Effect.forever(Effect.zipRight(enqueueCurrent, untilNextPeriod)))
    })
  )
