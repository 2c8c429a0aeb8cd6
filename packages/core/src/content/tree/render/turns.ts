import { Effect } from "effect"

/**
 * Synchronous work done between two turns of the event loop, at most (about): long reads
 * (a cold listing of thousands of pages, an export) give way this often, so a request that
 * arrives meanwhile waits about this long, not the whole read.
 */
export const SLICE_MILLIS = 10

const schedule: (resume: () => void) => () => void =
  typeof globalThis.setImmediate === "function"
    ? (resume) => {
        const handle = setImmediate(resume)
        return () => clearImmediate(handle)
      }
    : (resume) => {
        const handle = setTimeout(resume, 0)
        return () => clearTimeout(handle)
      }

/** Lets the event loop turn (other requests' I/O and timers run); interruptible. */
export const nextTurn: Effect.Effect<void> = Effect.async<void>((resume) => {
  const cancel = schedule(() => resume(Effect.void))
  return Effect.sync(cancel)
})

/**
 * Runs `f` on each item, in order, with a turn of the event loop whenever `SLICE_MILLIS` have
 * passed since the last one. Work that ends within one slice never waits for a turn (it costs
 * a clock read per item).
 */
export const forEachInTurns = <A>(items: Iterable<A>, f: (item: A, index: number) => void): Effect.Effect<void> =>
  Effect.suspend(() => {
    const iterator = items[Symbol.iterator]()
    let index = 0
    const slice: Effect.Effect<void> = Effect.suspend(() => {
      const until = performance.now() + SLICE_MILLIS
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        f(next.value, index++)
        if (performance.now() >= until) return Effect.zipRight(nextTurn, slice)
      }
      return Effect.void
    })
    return slice
  })

/** `f` of each item, in order, in turns (see `forEachInTurns`). */
export const mapInTurns = <A, B>(items: Iterable<A>, f: (item: A, index: number) => B): Effect.Effect<Array<B>> =>
  Effect.suspend(() => {
    const out: Array<B> = []
    return Effect.as(
      forEachInTurns(items, (item, index) => {
        out.push(f(item, index))
      }),
      out
    )
  })
