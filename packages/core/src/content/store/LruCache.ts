/** A kept entry: its weight, and whether it was read since it last came to the end of the queue. */
interface Slot<V> {
  readonly value: V
  readonly weight: number
  used: boolean
}

/**
 * A map that keeps at most `capacity` worth of entries, forgetting first an entry that has not
 * been read for the longest (the "second chance" approximation of least recently used). Each
 * entry weighs 1 unless `weigh` says otherwise (e.g. its length in characters); an entry heavier
 * than the whole capacity is not kept.
 *
 * A hit only marks its entry as read: it neither allocates nor reorders the map. Reordering on
 * every hit (delete, then set again) made V8 rebuild the map's hash table every few thousand
 * hits, each new table (~1 MB for 20,000 entries) allocated young and promoted: on a server's
 * hot caches, about a megabyte promoted per young collection, and full collections sooner.
 * Entries move only when the cache is full and one must go: from the front of the queue (the
 * longest since added or last moved), a read entry is moved to the end with its mark cleared, and
 * the first unread one is forgotten.
 */
export class LruCache<K, V> {
  private readonly slots = new Map<K, Slot<V>>()
  private total = 0

  constructor(
    readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1
  ) {}

  get(key: K): V | undefined {
    const slot = this.slots.get(key)
    if (slot === undefined) return undefined
    slot.used = true
    return slot.value
  }

  set(key: K, value: V): void {
    this.delete(key)
    const weight = this.weigh(value)
    if (weight > this.capacity) return
    this.slots.set(key, { value, weight, used: false })
    this.total += weight
    while (this.total > this.capacity) {
      const [oldest, slot] = this.slots.entries().next().value as [K, Slot<V>]
      this.slots.delete(oldest)
      // A read entry, and the one just set (which alone fits), go to the end; the first other unread one goes.
      if (slot.used || oldest === key) {
        slot.used = false
        this.slots.set(oldest, slot)
      } else {
        this.total -= slot.weight
      }
    }
  }

  private delete(key: K): void {
    const slot = this.slots.get(key)
    if (slot === undefined) return
    this.slots.delete(key)
    this.total -= slot.weight
  }

  clear(): void {
    this.slots.clear()
    this.total = 0
  }

  get size(): number {
    return this.slots.size
  }

  /** The summed weight of the entries kept. */
  get weight(): number {
    return this.total
  }
}
