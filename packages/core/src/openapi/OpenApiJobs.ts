import { Schema } from "effect"
import { jobKind } from "../jobs/JobKind.js"

/** Processes a spec's current source; the spec's `processingJobId` says whether this job is still the one to. */
export const OpenApiProcessJob = jobKind(
  "openapi.process",
  Schema.Struct({ specId: Schema.String, organizationId: Schema.String })
)
/** Attempts of a processing: a fetch that timed out or could not connect is tried again. */
export const OPENAPI_PROCESS_ATTEMPTS = 3
