import { describe, expect, it } from "@effect/vitest"
import { isolated } from "@quire/http"
import { Context, Effect, Layer } from "effect"

class Kept extends Context.Tag("test/Kept")<Kept, { readonly name: string }>() {}
class Hidden extends Context.Tag("test/Hidden")<Hidden, { readonly name: string }>() {}
class Seen extends Context.Tag("test/Seen")<Seen, ReadonlyArray<string>>() {}
class Shared extends Context.Tag("test/Shared")<Shared, { readonly instance: number }>() {}

describe("isolated", () => {
  it.effect("builds a layer among only the given services, and shares the application's memoized layers", () =>
    Effect.gen(function* () {
      let builds = 0
      const SharedLive = Layer.sync(Shared, () => ({ instance: ++builds }))
      // What the inner layer's build saw: the keys of its context.
      const inner = Layer.effect(
        Seen,
        Effect.gen(function* () {
          yield* Kept
          const context = yield* Effect.context<never>()
          return [...context.unsafeMap.keys()].filter((key) => key.startsWith("test/"))
        })
      ).pipe(Layer.provideMerge(SharedLive))
      const around = Layer.mergeAll(Layer.succeed(Kept, { name: "kept" }), Layer.succeed(Hidden, { name: "hidden" }))
      const app = Layer.merge(isolated(inner, [Kept]), SharedLive).pipe(Layer.provide(around))
      const context = yield* Layer.build(app).pipe(Effect.scoped)
      expect([...Context.get(context, Seen)].sort()).toEqual(["test/Kept", "test/Shared"])
      expect(builds).toBe(1)
    })
  )
})
