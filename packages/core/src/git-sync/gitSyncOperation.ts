import { Cause, Effect, Option } from "effect"
import { GitRemoteError } from "../git/GitRemoteError.js"
import { jobHandler, PermanentJobFailure } from "../jobs/JobHandlers.js"
import type { JobKind } from "../jobs/JobKind.js"
import { unrestricted } from "../policy/Authorized.js"
import { Conflict } from "../shared/errors.js"
import type { SpaceId } from "../shared/ids.js"
import { SecretSeal } from "../shared/SecretSeal.js"
import { now, type Timestamp } from "../shared/time.js"
import type { GitSyncRecord } from "../storage/git-sync/GitSyncRecord.js"
import { GitSyncRepository } from "../storage/git-sync/GitSyncRepository.js"
import type { JobJson, JobRecord } from "../storage/jobs/JobRecord.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import type { GitSyncJobPayload } from "./GitSyncJobs.js"

/** The job's repository URL with its credentials opened, or a permanent failure when this server cannot open them. */
export const remoteUrlOf = (payload: GitSyncJobPayload) =>
  Effect.gen(function* () {
    if (payload.sealedCredentials === null) return payload.url
    const opened = (yield* SecretSeal).open(payload.sealedCredentials)
    if (Option.isNone(opened)) {
      return yield* new PermanentJobFailure({
        message:
          "The repository's credentials could not be opened on this server (servers sharing a database need the same QUIRE_SIGNING_KEY): ask for the operation again"
      })
    }
    const { username, password } = JSON.parse(opened.value) as { username: string; password: string }
    const url = new URL(payload.url)
    url.username = encodeURIComponent(username)
    url.password = encodeURIComponent(password)
    return url.toString()
  })

/** The space and its Git sync, as a job finds them; a space gone or deleted since the request ends the job. */
export const syncedSpace = (spaceId: SpaceId) =>
  unrestricted(
    "a Git sync job works for the space its request was authorized on",
    Effect.gen(function* () {
      const space = yield* (yield* SpaceRepository).findById(spaceId)
      const record = yield* (yield* GitSyncRepository).get(spaceId)
      if (Option.isNone(space) || space.value.deletedAt !== null || Option.isNone(record)) {
        return yield* Effect.fail(new Conflict({ message: `Space "${spaceId}" was deleted before its Git sync ran` }))
      }
      return { space: space.value, record: record.value }
    })
  )

/** Whether this job already ended its operation (an attempt after one whose worker died past the commit). */
export const alreadyEnded = (record: GitSyncRecord, job: JobRecord) =>
  record.operation !== null && record.operation.jobId === job.id && record.operation.state !== "running"

/** Whether the operation is older than the last one applied: it is then ignored. */
export const isOutdated = (payload: GitSyncJobPayload, record: GitSyncRecord) =>
  payload.timestamp !== null && record.lastTimestamp !== null && payload.timestamp < record.lastTimestamp

const later = (a: Timestamp | null, b: Timestamp | null) => (a === null ? b : b === null ? a : a > b ? a : b)

export interface Applied {
  /** What the space now matches; none for a standalone operation or one that was ignored. */
  readonly commit?: string
  readonly revisionId?: GitSyncRecord["revisionId"]
}

/**
 * The record after the job's operation: what the space matches now, the later timestamp, and
 * the operation's end, if the record's operation is still this job's (a newer request replaced it
 * otherwise). Written in the caller's transaction.
 */
export const endOperation = (
  spaceId: SpaceId,
  job: JobRecord,
  payload: GitSyncJobPayload,
  outcome: { readonly state: "success" | "failure"; readonly error: string | null },
  applied: Applied = {}
) =>
  unrestricted(
    "a Git sync job records the end of its own operation",
    Effect.gen(function* () {
      const repository = yield* GitSyncRepository
      const found = yield* repository.get(spaceId)
      if (Option.isNone(found)) return
      const record = found.value
      const at = yield* now
      const ownOperation = record.operation !== null && record.operation.jobId === job.id
      yield* repository.put({
        ...record,
        ...(applied.commit === undefined ? {} : { commit: applied.commit, revisionId: applied.revisionId ?? record.revisionId }),
        lastTimestamp: outcome.state === "success" ? later(record.lastTimestamp, payload.timestamp) : record.lastTimestamp,
        operation:
          ownOperation && record.operation !== null
            ? { ...record.operation, state: outcome.state, updatedAt: at, completedAt: at, error: outcome.error }
            : record.operation,
        updatedAt: at
      })
    })
  )

/** A failure another attempt may fix: the repository could not be reached, another push won a race, or a defect. */
const isPassing = (cause: Cause.Cause<unknown>) => {
  const failure = Cause.failureOption(cause)
  if (Option.isNone(failure)) return !Cause.isInterruptedOnly(cause)
  const error = failure.value
  return error instanceof GitRemoteError && (error.reason === "unreachable" || error.reason === "branch-moved")
}

const messageOf = (cause: Cause.Cause<unknown>) => {
  const error = Cause.squash(cause)
  return typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" ? error.message : Cause.pretty(cause)
}

/**
 * Runs a Git sync job's work. A failure no retry can fix (a conflict, a missing branch, a
 * repository with no pages), or a passing one on the last attempt, ends the operation as
 * `failure` with its reason, readable through `getSpaceGitInfo`; a passing one before that is
 * left to the runner's next attempt, the operation still `running`.
 */
export const asGitSyncJob = <A, E, R>(spaceId: SpaceId, job: JobRecord, payload: GitSyncJobPayload, work: Effect.Effect<A, E, R>) =>
  Effect.catchAllCause(work, (cause) =>
    Effect.gen(function* () {
      if (Cause.isInterruptedOnly(cause)) return yield* Effect.failCause(cause)
      const last = job.attempts >= job.maxAttempts
      if (isPassing(cause) && !last) return yield* Effect.failCause(cause)
      const message = messageOf(cause)
      yield* (yield* Storage).transaction(endOperation(spaceId, job, payload, { state: "failure", error: message }))
      return yield* new PermanentJobFailure({ message })
    })
  )

/** The handler of a Git sync kind: `work` for the payload's space, run as `asGitSyncJob` says. */
export const gitSyncJobHandler = <A, E, R>(
  kind: JobKind<GitSyncJobPayload, GitSyncJobPayload>,
  work: (spaceId: SpaceId, payload: GitSyncJobPayload, job: JobRecord) => Effect.Effect<A & JobJson, E, R>
) =>
  jobHandler(
    kind,
    (payload, job) => {
      const spaceId = payload.spaceId as SpaceId
      return asGitSyncJob(spaceId, job, payload, work(spaceId, payload, job))
    },
    // The runner failed it without running (its worker died in the last attempt): so is the operation.
    (payload, job, message) =>
      Effect.flatMap(Storage, (storage) =>
        storage.transaction(endOperation(payload.spaceId as SpaceId, job, payload, { state: "failure", error: message }))
      )
  )
