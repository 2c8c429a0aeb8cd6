import { median } from "../median.js"

/** p50 and p99 of a sequence of timed calls, in milliseconds. */
export interface Latency {
  readonly p50Ms: number
  readonly p99Ms: number
  /** How many calls were timed. */
  readonly samples?: number
}

/** The value at or below which `p`% of the sorted samples fall (nearest rank). */
export const nearestRank = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!

/**
 * How many calls are timed: at least `min`, and as many more as take about `budgetMs` at the
 * median of the first `min`, up to `max`. A p99 of n samples is its (n/100)th-slowest: of 200, the
 * third-slowest, where two pauses of the process (a young collection every ~150 requests on the
 * server's one core) decide it; of 2,000, the 21st. A query of tens of milliseconds keeps `min`.
 */
export interface SampleCount {
  readonly min: number
  readonly max: number
  readonly budgetMs: number
}

/** `count` timed calls, exactly. */
export const exactly = (count: number): SampleCount => ({ min: count, max: count, budgetMs: 0 })

/** How many calls to time in all, given the first ones: as many as take about `budgetMs` at their median, within `min` and `max`. */
export const wantedCalls = (count: SampleCount, first: ReadonlyArray<number>): number =>
  Math.max(count.min, Math.min(count.max, Math.ceil(count.budgetMs / Math.max(median(first), 0.001))))

/** p50, p99 and how many of timed calls, in any order. */
export const latencyOf = (samples: ReadonlyArray<number>): Latency => {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50Ms: nearestRank(sorted, 50), p99Ms: nearestRank(sorted, 99), samples: sorted.length }
}

/**
 * Calls `run(i)` one at a time: `warmup` untimed calls, then the timed ones (`count`). `i`
 * counts from 0 over all calls, so a caller can cycle through its queries.
 */
export const measureLatency = async (count: SampleCount, warmup: number, run: (i: number) => unknown): Promise<Latency> => {
  for (let i = 0; i < warmup; i++) await run(i)
  const samples: Array<number> = []
  let wanted = count.min
  for (let i = 0; i < wanted; i++) {
    const started = performance.now()
    await run(warmup + i)
    samples.push(performance.now() - started)
    if (i === count.min - 1) wanted = wantedCalls(count, samples)
  }
  return latencyOf(samples)
}
