/** How a failed attempt is retried: exponential from `baseMs`, at most `maxMs`, jittered. */
export interface Backoff {
  readonly baseMs: number
  readonly maxMs: number
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 10 * 60_000 }

/**
 * The wait before the attempt after `attempt` (1 for the first failure): `baseMs · 2^(attempt-1)`
 * capped at `maxMs`, then scaled by a factor in [0.5, 1) from `random` (in [0, 1)), so jobs that
 * failed together (a database that was down) do not all come back at once.
 */
export const retryDelayMs = (attempt: number, random: number, backoff: Backoff = DEFAULT_BACKOFF): number => {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30)
  const capped = Math.min(backoff.baseMs * 2 ** exponent, backoff.maxMs)
  return Math.round(capped * (0.5 + Math.min(Math.max(random, 0), 1) / 2))
}

/** After a failed `attempt` of `maxAttempts`: the wait before the next one, or null when none is left. */
export const nextAttemptDelayMs = (attempt: number, maxAttempts: number, random: number, backoff?: Backoff): number | null =>
  attempt >= maxAttempts ? null : retryDelayMs(attempt, random, backoff)
