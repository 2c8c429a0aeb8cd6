import type { Warm } from "./clientProtocol.js"
import { type Latency, latencyOf, type SampleCount, wantedCalls } from "./latency.js"

/** One of the ways of answering that are timed in turn. */
export interface TimedSide {
  /** A slice: untimed calls as `warm` says, then `timed` timed ones; the times of those, in ms. */
  readonly slice: (warm: Warm, timed: number) => Promise<ReadonlyArray<number>>
}

/**
 * One slice of a side's calls: untimed ones as `warm` says, then `timed` timed ones; `run` is
 * given each call's number, counted on from `from`. The times of the timed calls, in ms, and how
 * many calls were made in all. Run by `localSide` here and by the client process.
 */
export const runSlice = async (
  run: (i: number) => Promise<unknown>,
  from: number,
  warm: Warm,
  timed: number
): Promise<{ readonly samples: ReadonlyArray<number>; readonly calls: number }> => {
  let calls = from
  const started = performance.now()
  for (let i = 0; i < warm.max && (i < warm.min || performance.now() - started < warm.ms); i++) await run(calls++)
  const samples: Array<number> = []
  for (let i = 0; i < timed; i++) {
    const at = performance.now()
    await run(calls++)
    samples.push(performance.now() - at)
  }
  return { samples, calls: calls - from }
}

/**
 * A side whose calls run in this process, a slice at a time inside `around` (the raw engine's:
 * with this process pinned to the server's CPU). `i` counts the side's calls from 0, so that it
 * can cycle through its queries.
 */
export const localSide = (run: (i: number) => Promise<unknown>, around: <A>(work: () => Promise<A>) => Promise<A>): TimedSide => {
  let calls = 0
  return {
    slice: (warm, timed) =>
      around(async () => {
        const slice = await runSlice(run, calls, warm, timed)
        calls += slice.calls
        return slice.samples
      })
  }
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
  const samples: Array<Array<number>> = sides.map(() => [])
  const perSlice = sides.map(() => Math.ceil(count.min / SLICES))
  const firstWarm: Warm = { min: warmup, ms: 0, max: warmup }
  const laterWarm: Warm = { min: SLICE_WARMUP, ms: SLICE_WARMUP_MS, max: SLICE_WARMUP_MAX }
  for (let slice = 0; slice < SLICES; slice++) {
    for (let side = 0; side < sides.length; side++) {
      samples[side]!.push(...(await sides[side]!.slice(slice === 0 ? firstWarm : laterWarm, perSlice[side]!)))
      if (slice === 0) {
        perSlice[side] = Math.ceil(Math.max(0, wantedCalls(count, samples[side]!) - samples[side]!.length) / (SLICES - 1))
      }
    }
  }
  return samples.map(latencyOf)
}
