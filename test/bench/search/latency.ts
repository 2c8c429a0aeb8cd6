/** p50 and p99 of a sequence of timed calls, in milliseconds. */
export interface Latency {
  readonly p50Ms: number
  readonly p99Ms: number
}

/** The value at or below which `p`% of the sorted samples fall (nearest rank). */
export const nearestRank = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!

/**
 * Calls `run(i)` one at a time: `warmup` untimed calls, then `runs` timed ones. `i` counts
 * from 0 over all calls, so a caller can cycle through its queries.
 */
export const measureLatency = async (runs: number, warmup: number, run: (i: number) => unknown): Promise<Latency> => {
  for (let i = 0; i < warmup; i++) await run(i)
  const samples: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run(warmup + i)
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return { p50Ms: nearestRank(samples, 50), p99Ms: nearestRank(samples, 99) }
}
