import { Context, type Effect, type Option } from "effect"
import type { Timestamp } from "../../shared/time.js"
import type { JobClaim, JobId, JobJson, JobRecord, JobState, NewJob } from "./JobRecord.js"

/** How a worker claims: which kinds it can run, who it is, what time it is, and its lease's end. */
export interface ClaimRequest {
  readonly kinds: ReadonlyArray<string>
  readonly claimedBy: string
  readonly now: Timestamp
  readonly leaseUntil: Timestamp
}

/**
 * The durable job queue. `enqueue` writes in the current transaction, so a command's job exists
 * exactly when the command committed. Everything else is for workers and runs outside
 * transactions: each call is one atomic step.
 *
 * Jobs are system records, not guarded by `Authorized`: what reads one for a caller asks
 * `Access` about what the job is for (its space) first.
 */
export class JobRepository extends Context.Tag("@quire/core/JobRepository")<
  JobRepository,
  {
    /** Queues the job; with a `dedupeKey` already used, writes nothing and answers the job that has it. */
    readonly enqueue: (job: NewJob) => Effect.Effect<JobRecord>
    /**
     * Takes the due job of one of `kinds` that has waited longest (a `queued` one whose
     * `runAfter` has come, or a `running` one whose lease has passed): `running`, one more
     * attempt, held by `claimedBy` until `leaseUntil`. Two workers never take the same claim.
     */
    readonly claim: (request: ClaimRequest) => Effect.Effect<Option.Option<JobRecord>>
    /** Moves the lease's end, if the claim is still held; false when it is not (it passed, and another took it). */
    readonly renew: (claim: JobClaim, leaseUntil: Timestamp, now: Timestamp) => Effect.Effect<boolean>
    /** Marks the job `succeeded` with `result`, if the claim is still held. */
    readonly complete: (claim: JobClaim, result: JobJson | null, now: Timestamp) => Effect.Effect<boolean>
    /**
     * Records a failed attempt, if the claim is still held: `queued` again from `retryAt`, or
     * `failed` for good when `retryAt` is null.
     */
    readonly fail: (claim: JobClaim, error: string, retryAt: Timestamp | null, now: Timestamp) => Effect.Effect<boolean>
    /**
     * Gives the job back, if the claim is still held: `queued` from `now`, its attempt not
     * counted (the worker is stopping; the job did not fail).
     */
    readonly release: (claim: JobClaim, now: Timestamp) => Effect.Effect<boolean>
    readonly get: (id: JobId) => Effect.Effect<Option.Option<JobRecord>>
    /** At most `limit` jobs of `kind` (in `state`, if given), newest first. */
    readonly list: (query: { readonly kind: string; readonly state?: JobState; readonly limit: number }) => Effect.Effect<ReadonlyArray<JobRecord>>
    /** Deletes the jobs that ended (succeeded or failed) before `before`; answers how many. */
    readonly deleteEndedBefore: (before: Timestamp) => Effect.Effect<number>
  }
>() {}
