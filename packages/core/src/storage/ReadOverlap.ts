import { Context, Effect } from "effect"

/**
 * Whether storage's reads wait on a round trip (a database across a connection), so that two
 * reads that do not depend on each other are worth running at once. A store in this process
 * answers at once (memory; SQLite, synchronously): there, running them at once only adds a
 * fiber's cost (measured in process: a search in one space 0.30 → 0.39 ms on SQLite, and
 * 1.06 → 0.73 ms on Postgres). Postgres' adapter provides `{ worthwhile: true }`.
 */
export class ReadOverlap extends Context.Reference<ReadOverlap>()("@quire/core/ReadOverlap", {
  defaultValue: (): ReadOverlapValue => ({ worthwhile: false })
}) {}

export interface ReadOverlapValue {
  readonly worthwhile: boolean
}

/**
 * Two reads that do not depend on each other: at once where `ReadOverlap` says it is worth it,
 * else one after the other. Either way the first's failure is the answer (the second's result,
 * if any, is dropped unread).
 */
export const readBoth = <A, EA, RA, B, EB, RB>(
  overlap: ReadOverlapValue,
  first: Effect.Effect<A, EA, RA>,
  second: Effect.Effect<B, EB, RB>
): Effect.Effect<[A, B], EA | EB, RA | RB> =>
  overlap.worthwhile ? Effect.all([first, second], { concurrency: 2 }) : Effect.all([first, second])
