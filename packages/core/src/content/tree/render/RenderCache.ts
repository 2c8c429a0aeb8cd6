import { Effect } from "effect"
import { LruCache } from "../../store/LruCache.js"

/**
 * Rendered content kept by what it is a rendering of: a revision never changes, so the page a
 * revision renders for a given question is the same until the process ends. The key must name
 * the revision and everything else the answer depends on (the page, the options, the URLs).
 * Only successes are kept. Bounded by the size of the kept answers as JSON, in UTF-8 bytes.
 */
export interface RenderCache {
  readonly through: <A, E, R>(key: string, render: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** Every answer a `RenderCache` keeps, in any engine. */
const keptRenders = new WeakSet<object>()

/**
 * Whether `value` is an answer a `RenderCache` keeps: the same object answers every later read
 * of its key, and nobody may change it, so what a caller makes of it (its encoding) may be made
 * once and kept beside it.
 */
export const isKeptRender = (value: unknown): value is object =>
  typeof value === "object" && value !== null && keptRenders.has(value)

export const makeRenderCache = (maxBytes: number): RenderCache => {
  const kept = new LruCache<string, { readonly value: unknown; readonly size: number }>(maxBytes, (entry) => entry.size)
  return {
    through: <A, E, R>(key: string, render: Effect.Effect<A, E, R>) =>
      Effect.suspend(() => {
        const known = kept.get(key)
        if (known !== undefined) return Effect.succeed(known.value as A)
        return Effect.tap(render, (value) => {
          const size = key.length + Buffer.byteLength(JSON.stringify(value), "utf8")
          kept.set(key, { value, size })
          // An answer heavier than the whole cache is not kept (see `LruCache`).
          if (size <= maxBytes && typeof value === "object" && value !== null) keptRenders.add(value)
        })
      })
  }
}
