import { nearestRank } from "./search/latency.js"

/**
 * How steady a CPU is: one fixed piece of work (a loop of ~0.1 ms) timed `rounds` times, and how
 * many took over 1.5 × the fastest. On a quiet machine nearly none do; on a VM whose host is
 * busy, a third to a half of them can (docs/performance.md, session 17), and every latency a
 * bench takes moves with it. The search bench takes it before and after its measurements, so a
 * run's verdict is read beside the host it ran on.
 */
export interface Steadiness {
  readonly fastestMs: number
  readonly medianMs: number
  readonly p99Ms: number
  /** The share of rounds over 1.5 × the fastest, in percent. */
  readonly slowPercent: number
}

const LOOP = 400_000

/** The work: additions the JIT cannot drop (the sum is returned). */
const work = (): number => {
  let sum = 0
  for (let i = 0; i < LOOP; i++) sum = (sum + i) | 0
  return sum
}

/** Written by every round and kept, so the loop is never dropped as unused. */
export let sink = 0

/** Times the loop `rounds` times on the calling thread (pin it first), after 200 untimed. */
export const measureSteadiness = (rounds = 4_000): Steadiness => {
  for (let i = 0; i < 200; i++) sink ^= work()
  const times: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    sink ^= work()
    times.push(performance.now() - start)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const fastestMs = sorted[0]!
  return {
    fastestMs,
    medianMs: nearestRank(sorted, 50),
    p99Ms: nearestRank(sorted, 99),
    slowPercent: (100 * times.filter((t) => t > 1.5 * fastestMs).length) / rounds
  }
}

export const describeSteadiness = (s: Steadiness): string =>
  `${s.slowPercent.toFixed(1)} % of a ${s.fastestMs.toFixed(2)} ms loop over 1.5 × its fastest (median ${s.medianMs.toFixed(3)}, p99 ${s.p99Ms.toFixed(3)} ms)`
