/**
 * `make`, remembered by its key: for pure work a busy server repeats on every request with few
 * different keys (a query text, an entity tag's source). At most `maxEntries` keys are kept, and
 * when full they are all forgotten at once: the busy ones come straight back, and a hit costs one
 * map lookup (no reordering, as an LRU would do on every hit). A key longer than `maxKeyLength`
 * is worked out each time and not kept, so what a client sends bounds nothing but its own work.
 */
export const boundedMemo = <A>(
  make: (key: string) => A,
  options: { readonly maxEntries: number; readonly maxKeyLength?: number }
): ((key: string) => A) => {
  const made = new Map<string, A>()
  const maxKeyLength = options.maxKeyLength ?? Number.POSITIVE_INFINITY
  return (key) => {
    const known = made.get(key)
    if (known !== undefined || made.has(key)) return known as A
    const fresh = make(key)
    if (key.length <= maxKeyLength) {
      if (made.size >= options.maxEntries) made.clear()
      made.set(key, fresh)
    }
    return fresh
  }
}
