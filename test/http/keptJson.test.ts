import { describe, expect, it } from "@effect/vitest"
import { makeRenderCache } from "@quire/core"
import { Effect } from "effect"
import { keptJson } from "../../adapters/http/src/keptJson.js"

describe("keptJson", () => {
  it.effect("knows the JSON text of what it keeps, and of nothing else", () =>
    Effect.gen(function* () {
      const cache = makeRenderCache(1_000)
      const value = yield* cache.through("a", Effect.succeed({ title: "Intro", pages: [1, 2] }))
      expect(new TextDecoder().decode(keptJson(value))).toBe(JSON.stringify({ title: "Intro", pages: [1, 2] }))
      expect(keptJson({ title: "Intro", pages: [1, 2] })).toBeUndefined()
      expect(keptJson("text")).toBeUndefined()
    })
  )
  it.effect("encodes a kept answer once: every later call gives the same bytes", () =>
    Effect.gen(function* () {
      const cache = makeRenderCache(1_000)
      const value = yield* cache.through("a", Effect.succeed({ title: "Intro" }))
      expect(keptJson(value)).toBe(keptJson(value))
    })
  )
})
