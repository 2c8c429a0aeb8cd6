import type { QueryClass } from "./corpus.js"
import type { Latency } from "./latency.js"
import type { Scope } from "./rawQuery.js"

/** Above this raw p50 an organization-wide query counts as one the naive engine's filter makes slow. */
export const SLOW_RAW_MS = 10

/** What Quire's p50 and p99 must stay within for one class and scope (issue 34). */
export interface Bar {
  readonly p50Ms: number
  readonly p99Ms: number
  /** `beat`: at most the raw engine's own figures; `2x`: 2 × raw + 1 ms (p50), 2 × raw + 2 ms (p99). */
  readonly rule: "beat" | "2x"
}

/**
 * Within 2 × raw + 1 ms (p50) and 2 × raw + 2 ms (p99); where the naive raw engine is slow,
 * beat it: the most common word and CJK, in both scopes, and an organization-wide query whose
 * raw p50 is above `SLOW_RAW_MS` (the plain filter over every space is what made it slow).
 */
export const barFor = (queryClass: QueryClass, scope: Scope, raw: Latency): Bar =>
  queryClass.rawIsSlow || (scope === "org" && raw.p50Ms > SLOW_RAW_MS)
    ? { p50Ms: raw.p50Ms, p99Ms: raw.p99Ms, rule: "beat" }
    : { p50Ms: 2 * raw.p50Ms + 1, p99Ms: 2 * raw.p99Ms + 2, rule: "2x" }

export const meetsBar = (quire: Latency, bar: Bar) => quire.p50Ms <= bar.p50Ms && quire.p99Ms <= bar.p99Ms

/** Re-indexing after a one-page merge in the big corpus: at most twice the same merge in a 10-page space. */
export const REINDEX_RATIO_BAR = 2
