import { Cause, Data, Duration, Effect, Exit, Layer, Option, Random } from "effect"
import { hostname } from "node:os"
import { randomId } from "../shared/ids.js"
import { addMillis, now } from "../shared/time.js"
import type { JobClaim, JobRecord } from "../storage/jobs/JobRecord.js"
import { JobRepository } from "../storage/jobs/JobRepository.js"
import { failureMessage } from "./failureMessage.js"
import { JobHandlers, PermanentJobFailure } from "./JobHandlers.js"
import { JobWakeUp } from "./JobWakeUp.js"
import { type Backoff, DEFAULT_BACKOFF, nextAttemptDelayMs } from "./retryDelay.js"

export interface JobRunnerOptions {
  /** How often an idle worker looks for due jobs (default 1 s); `Jobs.enqueue` in this process wakes it at once. */
  readonly pollIntervalMs?: number
  /**
   * How long a claim holds without news from its worker (default 60 s). A running job renews it
   * every third of that, so only a worker that stopped (killed, frozen, cut off from the
   * database) loses it; its job is then claimable again.
   */
  readonly leaseMs?: number
  /** Jobs this process runs at once (default 1). */
  readonly concurrency?: number
  readonly backoff?: Backoff
  /** Names this runner in `claimedBy` (default: host, process id and a random suffix). */
  readonly workerId?: string
}

/** The worker's claim passed and another worker may have the job: this one stops and writes nothing. */
class LeaseLost extends Data.TaggedError("LeaseLost")<{}> {}

/**
 * Runs due jobs of the kinds `JobHandlers` knows, until its scope closes. Per job: claim it
 * with a lease, run its handler while renewing the lease, then mark it succeeded, or schedule
 * the next attempt (exponential backoff with jitter) until `maxAttempts`, then failed with the
 * error's message. A `PermanentJobFailure` fails it at once.
 *
 * The queue is at-least-once: a job whose worker died mid-run is run again once its lease
 * passes, so handlers must be safe to repeat. What is exactly once is the recorded outcome:
 * every state change is conditioned on the claim (job, worker, attempt), and two workers never
 * hold one job's claim at once, so one completion is recorded per job.
 *
 * A job claimed again after its last attempt's worker died is failed without running.
 * A runner stopped mid-job (its scope closed) gives the job back at once, the attempt not counted.
 */
export const makeJobRunner = (options: JobRunnerOptions = {}) =>
  Effect.gen(function* () {
    const jobs = yield* JobRepository
    const { byKind, abandonedByKind } = yield* JobHandlers
    const wakeUp = yield* JobWakeUp
    const pollInterval = Duration.millis(options.pollIntervalMs ?? 1_000)
    const leaseMs = options.leaseMs ?? 60_000
    const backoff = options.backoff ?? DEFAULT_BACKOFF
    const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomId().slice(0, 8)}`
    const kinds = [...byKind.keys()]

    const heartbeat = (claim: JobClaim) =>
      Effect.forever(
        Effect.gen(function* () {
          yield* Effect.sleep(Duration.millis(leaseMs / 3))
          const at = yield* now
          if (!(yield* jobs.renew(claim, addMillis(at, leaseMs), at))) return yield* new LeaseLost()
        })
      )

    const settle = (job: JobRecord, claim: JobClaim, exit: Exit.Exit<unknown, unknown>) =>
      Effect.gen(function* () {
        const at = yield* now
        if (Exit.isSuccess(exit)) {
          const recorded = yield* jobs.complete(claim, (exit.value ?? null) as never, at)
          if (!recorded) yield* Effect.logWarning(`Job ${job.id} (${job.kind}) finished after its lease passed; its outcome is not recorded`)
          return
        }
        const error = Cause.failureOption(exit.cause)
        if (Option.isSome(error) && error.value instanceof LeaseLost) {
          yield* Effect.logWarning(`Job ${job.id} (${job.kind}) lost its lease; stopped`)
          return
        }
        const message = failureMessage(exit.cause)
        const permanent = Option.isSome(error) && error.value instanceof PermanentJobFailure
        const delay = permanent ? null : nextAttemptDelayMs(job.attempts, job.maxAttempts, yield* Random.next, backoff)
        yield* jobs.fail(claim, message, delay === null ? null : addMillis(at, delay), at)
        yield* Effect.logWarning(
          delay === null
            ? `Job ${job.id} (${job.kind}) failed after ${job.attempts} attempt(s): ${message}`
            : `Job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retrying in ${delay} ms: ${message}`
        )
      })

    const runClaimed = (job: JobRecord) => {
      const claim: JobClaim = { id: job.id, claimedBy: workerId, attempt: job.attempts }
      if (job.attempts > job.maxAttempts) {
        const message = `its worker stopped during the last attempt${job.lastError === null ? "" : ` (before: ${job.lastError})`}`
        const abandoned = abandonedByKind.get(job.kind)
        return Effect.gen(function* () {
          yield* jobs.fail(claim, message, null, yield* now)
          if (abandoned === undefined) return
          yield* Effect.catchAllCause(abandoned(job.payload, job, message), (cause) =>
            Effect.logError(`Job ${job.id} (${job.kind}) failed without running; recording it failed`, cause)
          )
        })
      }
      const handler = byKind.get(job.kind)!
      return Effect.uninterruptibleMask((restore) =>
        Effect.gen(function* () {
          const exit = yield* Effect.exit(restore(Effect.raceFirst(handler(job.payload, job), heartbeat(claim))))
          if (Exit.isFailure(exit) && Cause.isInterruptedOnly(exit.cause)) {
            // The runner is stopping: give the job back rather than wait for the lease to pass
            // (the interruption takes effect once this uninterruptible part ends).
            yield* jobs.release(claim, yield* now)
            return
          }
          yield* settle(job, claim, exit)
        })
      )
    }

    /** Claims and runs one due job; false when none was due. */
    const step = Effect.gen(function* () {
      const at = yield* now
      const claimed = yield* jobs.claim({ kinds, claimedBy: workerId, now: at, leaseUntil: addMillis(at, leaseMs) })
      if (Option.isNone(claimed)) return false
      yield* runClaimed(claimed.value)
      return true
    })

    const idle = Effect.raceFirst(wakeUp.wait, Effect.sleep(pollInterval))

    const worker = Effect.forever(
      Effect.flatMap(
        step.pipe(
          Effect.catchAllCause((cause) =>
            Cause.isInterruptedOnly(cause)
              ? Effect.failCause(cause)
              : Effect.as(Effect.logError("The job runner failed to claim or record a job", cause), false)
          )
        ),
        (worked) => (worked ? Effect.void : idle)
      )
    )

    if (kinds.length === 0) return
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) yield* Effect.forkScoped(worker)
  })

/** A `JobRunner` for the scope of the layer (`quire serve` starts one). */
export const JobRunner = {
  layer: (options: JobRunnerOptions = {}): Layer.Layer<never, never, JobRepository | JobHandlers> =>
    Layer.scopedDiscard(makeJobRunner(options))
}
