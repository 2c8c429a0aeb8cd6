import { Effect, Schema } from "effect"
import { DAY_MS, addMillis, now } from "../shared/time.js"
import { JobRepository } from "../storage/jobs/JobRepository.js"
import { jobHandler } from "./JobHandlers.js"
import { jobKind } from "./JobKind.js"

/** How long a job that ended stays readable. */
export const ENDED_JOB_RETENTION_MS = 30 * DAY_MS

/** Deletes the jobs that ended more than `ENDED_JOB_RETENTION_MS` ago. */
export const DeleteEndedJobs = jobKind("jobs.delete-ended", Schema.Struct({}))

export const deleteEndedJobsHandler = jobHandler(DeleteEndedJobs, () =>
  Effect.gen(function* () {
    const jobs = yield* JobRepository
    const deleted = yield* jobs.deleteEndedBefore(addMillis(yield* now, -ENDED_JOB_RETENTION_MS))
    return { deleted }
  })
)
