/**
 * A map that keeps at most `capacity` worth of entries, forgetting the least recently used
 * first. Each entry weighs 1 unless `weigh` says otherwise (e.g. its length in characters);
 * an entry heavier than the whole capacity is not kept.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>()
  private total = 0

  constructor(
    readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      // Map iteration follows insertion order: re-inserting marks the entry most recent.
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    this.delete(key)
    const weight = this.weigh(value)
    if (weight > this.capacity) return
    this.entries.set(key, value)
    this.total += weight
    while (this.total > this.capacity) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.delete(oldest.value)
    }
  }

  private delete(key: K): void {
    const value = this.entries.get(key)
    if (value === undefined) return
    this.entries.delete(key)
    this.total -= this.weigh(value)
  }

  clear(): void {
    this.entries.clear()
    this.total = 0
  }

  get size(): number {
    return this.entries.size
  }

  /** The summed weight of the entries kept. */
  get weight(): number {
    return this.total
  }
}
