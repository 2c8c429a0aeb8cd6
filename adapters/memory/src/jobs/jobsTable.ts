import type { JobId, JobRecord } from "@quire/core"
import { table } from "../shared/Table.js"

/** Owned by nothing: a job outlives what it was for (its outcome stays readable). */
export const jobsTable = table<JobId, JobRecord>("jobs")
