interface Window {
  readonly start: number
  count: number
}

/** How often expired windows are dropped, at most. */
const SWEEP_MILLIS = 1_000

/**
 * Counts events per key in fixed windows: a key's window opens at its first event and lasts
 * `windowMillis`; past `limit` events in it, the key waits for the window's end. A key costs
 * a map lookup and an increment per event, and no timer: expired windows are dropped lazily,
 * at most once a second. Opening a window (re)inserts its key at the end of the map, so the
 * map is in order of window start and a sweep stops at the first window still open. Past
 * `maxKeys` keys the oldest window is dropped, so memory stays bounded whatever the traffic.
 * A `limit` of 0 counts nothing and never makes anyone wait.
 */
export class FixedWindows {
  private readonly windows = new Map<string, Window>()
  private lastSweep = 0

  constructor(
    readonly limit: number,
    readonly windowMillis: number,
    readonly maxKeys = 100_000
  ) {}

  /** Keys with a window (expired ones may linger up to a second). */
  get size(): number {
    return this.windows.size
  }

  /** Counts one event; 0 if it is within the budget, else the milliseconds until the window ends. */
  hit(key: string, now: number): number {
    if (this.limit <= 0) return 0
    const window = this.current(key, now)
    if (window === undefined) {
      this.open(key, now)
      return 0
    }
    window.count++
    return window.count > this.limit ? this.remaining(window, now) : 0
  }

  /** Counts nothing; 0 if the key has budget left, else the milliseconds until its window ends. */
  waitFor(key: string, now: number): number {
    if (this.limit <= 0) return 0
    const window = this.current(key, now)
    return window !== undefined && window.count >= this.limit ? this.remaining(window, now) : 0
  }

  private current(key: string, now: number): Window | undefined {
    if (Math.abs(now - this.lastSweep) >= SWEEP_MILLIS) this.sweep(now)
    const window = this.windows.get(key)
    return window !== undefined && this.isOpen(window, now) ? window : undefined
  }

  /** A clock set back makes a window closed rather than longer. */
  private isOpen(window: Window, now: number): boolean {
    return now >= window.start && now - window.start < this.windowMillis
  }

  private remaining(window: Window, now: number): number {
    return window.start + this.windowMillis - now
  }

  private open(key: string, now: number): void {
    this.windows.delete(key)
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next()
      if (oldest.done !== true) this.windows.delete(oldest.value)
    }
    this.windows.set(key, { start: now, count: 1 })
  }

  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, window] of this.windows) {
      if (this.isOpen(window, now)) break
      this.windows.delete(key)
    }
  }
}
