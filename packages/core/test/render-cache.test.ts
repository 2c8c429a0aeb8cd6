import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { isKeptRender, makeRenderCache } from "../src/content/tree/render/RenderCache.js"

describe("RenderCache", () => {
  it.effect("renders a key once, then answers it from what it kept", () =>
    Effect.gen(function* () {
      const cache = makeRenderCache(1_000)
      let renders = 0
      const render = Effect.sync(() => ({ n: ++renders }))
      expect(yield* cache.through("a", render)).toEqual({ n: 1 })
      expect(yield* cache.through("a", render)).toEqual({ n: 1 })
      expect(yield* cache.through("b", render)).toEqual({ n: 2 })
      expect(renders).toBe(2)
    })
  )

  it.effect("keeps no failure: the next read renders again", () =>
    Effect.gen(function* () {
      const cache = makeRenderCache(1_000)
      let attempts = 0
      const render = Effect.suspend(() => (++attempts === 1 ? Effect.fail("missing" as const) : Effect.succeed("found")))
      expect(yield* Effect.flip(cache.through("a", render))).toBe("missing")
      expect(yield* cache.through("a", render)).toBe("found")
      expect(attempts).toBe(2)
    })
  )

  it.effect("keeps at most its capacity of JSON: an answer longer than all of it is rendered each time", () =>
    Effect.gen(function* () {
      const cache = makeRenderCache(50)
      let renders = 0
      const big = Effect.sync(() => ({ text: "x".repeat(100), n: ++renders }))
      yield* cache.through("big", big)
      yield* cache.through("big", big)
      expect(renders).toBe(2)
    })
  )

  it.effect("marks what it keeps as kept, and nothing else: not what it could not keep", () =>
    Effect.gen(function* () {
      const cache = makeRenderCache(50)
      const small = yield* cache.through("small", Effect.succeed({ title: "Intro" }))
      const big = yield* cache.through("big", Effect.succeed({ text: "x".repeat(100) }))
      expect(isKeptRender(small)).toBe(true)
      expect(isKeptRender(big)).toBe(false)
      expect(isKeptRender({ title: "Intro" })).toBe(false)
      expect(isKeptRender("text")).toBe(false)
    })
  )
})
