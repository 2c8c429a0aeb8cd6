import { Effect } from "effect"
import { LruCache } from "../../store/LruCache.js"

/**
 * Rendered content kept by what it is a rendering of: a revision never changes, so the page a
 * revision renders for a given question is the same until the process ends. The key must name
 * the revision and everything else the answer depends on (the page, the options, the URLs).
 * Only successes are kept. Bounded by the length of the kept answers as JSON.
 */
export interface RenderCache {
  readonly through: <A, E, R>(key: string, render: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** The JSON text of each answer a cache keeps (made to weigh it), by the answer itself. */
const jsonOfKept = new WeakMap<object, string>()

/**
 * The JSON text of `value` when it is an answer a `RenderCache` keeps: what `JSON.stringify`
 * gives, made once, so a server answering the same kept page again need not serialise it again.
 * Undefined for anything else. Kept answers are never changed (nobody may mutate them).
 */
export const keptJson = (value: unknown): string | undefined =>
  typeof value === "object" && value !== null ? jsonOfKept.get(value) : undefined

export const makeRenderCache = (maxCharacters: number): RenderCache => {
  const kept = new LruCache<string, { readonly value: unknown; readonly size: number }>(maxCharacters, (entry) => entry.size)
  return {
    through: <A, E, R>(key: string, render: Effect.Effect<A, E, R>) =>
      Effect.suspend(() => {
        const known = kept.get(key)
        if (known !== undefined) return Effect.succeed(known.value as A)
        return Effect.tap(render, (value) => {
          const json = JSON.stringify(value)
          if (typeof value === "object" && value !== null) jsonOfKept.set(value, json)
          kept.set(key, { value, size: key.length + json.length })
        })
      })
  }
}
