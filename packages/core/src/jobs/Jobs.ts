import { Effect, type Option, Schema } from "effect"
import { makeId } from "../shared/ids.js"
import { addMillis, now, type Timestamp } from "../shared/time.js"
import type { JobId, JobJson, JobRecord } from "../storage/jobs/JobRecord.js"
import { JobRepository } from "../storage/jobs/JobRepository.js"
import type { JobKind } from "./JobKind.js"
import { JobWakeUp } from "./JobWakeUp.js"

/** Attempts a job gets unless its enqueuer says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  readonly runAfter?: Timestamp
  /** Or not before this many milliseconds from now. */
  readonly delayMs?: number
  readonly maxAttempts?: number
  /** At most one job per key, ever: a second enqueue with it answers the first job. */
  readonly dedupeKey?: string
}

/**
 * Enqueues jobs and reads their state. A command enqueues in its own transaction (the write
 * goes through the port), so the job exists if and only if the command committed; the job runs
 * later, in a `JobRunner`, outside any command. No method here is for a caller as such: what
 * shows a caller a job's state asks `Access` about the job's space first.
 */
export class Jobs extends Effect.Service<Jobs>()("@quire/core/Jobs", {
  effect: Effect.gen(function* () {
    const jobs = yield* JobRepository

    const enqueue = <A, I extends JobJson>(
      kind: JobKind<A, I>,
      payload: A,
      options: EnqueueOptions = {}
    ): Effect.Effect<JobRecord> =>
      Effect.gen(function* () {
        const at = yield* now
        const encoded = yield* Schema.encode(kind.payload)(payload).pipe(Effect.orDie)
        const job = yield* jobs.enqueue({
          id: yield* makeId<JobId>(),
          kind: kind.name,
          payload: encoded,
          maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)),
          runAfter: options.runAfter ?? addMillis(at, Math.max(0, options.delayMs ?? 0)),
          dedupeKey: options.dedupeKey ?? null,
          createdAt: at
        })
        const wakeUp = yield* JobWakeUp
        yield* wakeUp.signal
        return job
      })

    const get = (id: JobId): Effect.Effect<Option.Option<JobRecord>> => jobs.get(id)

    /**
     * Wakes this process's runners. `enqueue` does, but inside the enqueuing transaction, which a
     * runner cannot see yet; a command calls this once committed, so its job starts at once.
     */
    const wake: Effect.Effect<void> = Effect.flatMap(JobWakeUp, (wakeUp) => wakeUp.signal)

    return { enqueue, get, wake } as const
  })
}) {}
