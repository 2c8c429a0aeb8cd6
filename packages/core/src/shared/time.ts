import { Clock, Effect } from "effect"

/** Timestamps are ISO-8601 UTC strings with milliseconds: they sort lexically in every store. */
export type Timestamp = string

export const now: Effect.Effect<Timestamp> = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

export const addMillis = (t: Timestamp, ms: number): Timestamp => new Date(Date.parse(t) + ms).toISOString()

export const DAY_MS = 24 * 60 * 60 * 1000
