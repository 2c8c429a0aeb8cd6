import { Schema } from "effect"
import type { Timestamp } from "../../shared/time.js"

export const JobId = Schema.String.pipe(Schema.brand("JobId"))
export type JobId = typeof JobId.Type

/**
 * Where a job is: `queued` (waiting for `runAfter`), `running` (a worker holds its lease),
 * `succeeded` or `failed` (for good: its attempts ran out). A `running` job whose lease has
 * passed is claimable again: its worker stopped (killed, or lost the database).
 */
export const JobState = Schema.Literal("queued", "running", "succeeded", "failed")
export type JobState = typeof JobState.Type

/** A JSON value: what a job's payload and result hold, stored as it is by every adapter. */
export type JobJson = string | number | boolean | null | ReadonlyArray<JobJson> | { readonly [key: string]: JobJson }

/** A job as a command enqueues it, in its own transaction. */
export interface NewJob {
  readonly id: JobId
  /** Names the handler that runs it (`JobHandlers`). */
  readonly kind: string
  readonly payload: JobJson
  readonly maxAttempts: number
  /** Not claimed before this time. */
  readonly runAfter: Timestamp
  /** At most one job per key, ever: enqueueing a second is a no-op that answers the first. */
  readonly dedupeKey: string | null
  readonly createdAt: Timestamp
}

/** A job as stored. A system record: no caller reads it unguarded (a reader asks `Access` about what it is for). */
export interface JobRecord extends NewJob {
  readonly state: JobState
  /** Claims so far, the running one included. */
  readonly attempts: number
  /** The worker holding the job while `running` (the last one after). */
  readonly claimedBy: string | null
  /** Until when the lease holds: past it, another worker may claim the job. */
  readonly claimedUntil: Timestamp | null
  /** The last failure's message: of a retried attempt, or why it failed for good. */
  readonly lastError: string | null
  /** What the handler answered, once `succeeded`. */
  readonly result: JobJson | null
  readonly updatedAt: Timestamp
}

/** One claim of a job: the worker and the attempt it holds. Every later write is conditioned on it. */
export interface JobClaim {
  readonly id: JobId
  readonly claimedBy: string
  readonly attempt: number
}
