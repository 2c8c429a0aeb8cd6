import { jobKind } from "@quire/core"
import { Schema } from "effect"

/** The job kind only the job tests' server (`jobsServer.ts`) runs: record an attempt, work `workMs`, record its completion. */
export const RecordJob = jobKind("test.record", Schema.Struct({ label: Schema.String, workMs: Schema.Number }))
