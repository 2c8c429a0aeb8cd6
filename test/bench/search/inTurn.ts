import { type Latency, latencyOf, type SampleCount, wantedCalls } from "./latency.js"

/** One of the ways of answering that are timed in turn. */
export interface TimedSide {
  /** One call; `i` counts this side's calls from 0, so that a side can cycle through its queries. */
  readonly run: (i: number) => Promise<unknown>
  /** Runs a slice of this side's calls (the raw engine's: with this process pinned to the server's CPU). */
  readonly around: <A>(work: () => Promise<A>) => Promise<A>
}

/** Slices each side's timed calls are cut into. */
export const SLICES = 5

/**
 * Untimed calls before each later slice, at least `SLICE_WARMUP` and as many more as take
 * `SLICE_WARMUP_MS` (at most `SLICE_WARMUP_MAX`): the first calls after the other side ran pay
 * for its use of the caches and for this process moving between CPUs.
 */
const SLICE_WARMUP = 5
const SLICE_WARMUP_MS = 30
const SLICE_WARMUP_MAX = 50

/**
 * Each side's p50 and p99 over `count` calls, timed in `SLICES` slices taken in turn (Quire's,
 * then the raw engine's, and again), after `warmup` untimed calls each. On a virtual machine
 * whose speed drifts over minutes (its neighbours' load), two figures taken minutes apart were
 * compared under different machines: the raw figures of one class moved by 70% between runs
 * of one commit. Taken in turn, a slow minute slows both. Each side's number of calls is its
 * own (`SampleCount`, decided from its first slice): a fast raw query gets more of them.
 */
export const measureInTurn = async (
  count: SampleCount,
  warmup: number,
  sides: ReadonlyArray<TimedSide>
): Promise<Array<Latency>> => {
  const calls = sides.map(() => 0)
  const callOf = (side: number) => calls[side]!++
  const samples: Array<Array<number>> = sides.map(() => [])
  const perSlice = sides.map(() => Math.ceil(count.min / SLICES))
  const warmSlice = async (side: number) => {
    const started = performance.now()
    for (let i = 0; i < SLICE_WARMUP_MAX && (i < SLICE_WARMUP || performance.now() - started < SLICE_WARMUP_MS); i++) {
      await sides[side]!.run(callOf(side))
    }
  }
  const timeSlice = (side: number, first: boolean) =>
    sides[side]!.around(async () => {
      if (first) for (let i = 0; i < warmup; i++) await sides[side]!.run(callOf(side))
      else await warmSlice(side)
      for (let i = 0; i < perSlice[side]!; i++) {
        const started = performance.now()
        await sides[side]!.run(callOf(side))
        samples[side]!.push(performance.now() - started)
      }
    })
  for (let slice = 0; slice < SLICES; slice++) {
    for (let side = 0; side < sides.length; side++) {
      await timeSlice(side, slice === 0)
      if (slice === 0) {
        perSlice[side] = Math.ceil(Math.max(0, wantedCalls(count, samples[side]!) - samples[side]!.length) / (SLICES - 1))
      }
    }
  }
  return samples.map(latencyOf)
}
