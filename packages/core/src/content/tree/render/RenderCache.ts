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

/** The JSON of each answer a cache keeps, as UTF-8 (made to weigh it), by the answer itself. */
const jsonOfKept = new WeakMap<object, Uint8Array>()

const utf8 = new TextEncoder()

/**
 * The JSON of `value` as UTF-8 bytes when it is an answer a `RenderCache` keeps: what
 * `JSON.stringify` gives, encoded, made once, so a server answering the same kept page again
 * need neither serialise nor encode it again. Undefined for anything else. Kept answers and
 * their bytes are never changed (nobody may mutate them).
 */
export const keptJson = (value: unknown): Uint8Array | undefined =>
  typeof value === "object" && value !== null ? jsonOfKept.get(value) : undefined

export const makeRenderCache = (maxBytes: number): RenderCache => {
  const kept = new LruCache<string, { readonly value: unknown; readonly size: number }>(maxBytes, (entry) => entry.size)
  return {
    through: <A, E, R>(key: string, render: Effect.Effect<A, E, R>) =>
      Effect.suspend(() => {
        const known = kept.get(key)
        if (known !== undefined) return Effect.succeed(known.value as A)
        return Effect.tap(render, (value) => {
          const json = utf8.encode(JSON.stringify(value))
          if (typeof value === "object" && value !== null) jsonOfKept.set(value, json)
          kept.set(key, { value, size: key.length + json.byteLength })
        })
      })
  }
}
