import type { Schema } from "effect"
import type { JobJson } from "../storage/jobs/JobRecord.js"

/** A kind of job: its name in storage and its payload's schema (encoded to JSON when enqueued). */
export interface JobKind<A, I extends JobJson> {
  readonly name: string
  readonly payload: Schema.Schema<A, I>
}

export const jobKind = <A, I extends JobJson>(name: string, payload: Schema.Schema<A, I>): JobKind<A, I> => ({ name, payload })
