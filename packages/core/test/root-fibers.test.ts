import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, GlobalValue } from "effect"
import * as fc from "fast-check"
import { installRootFibers, RootFibers } from "../src/process/rootFibers.js"

describe("RootFibers", () => {
  it("holds what was added and not deleted, in the order it was added, as a Set would", () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 7 })), { maxLength: 60 }), (steps) => {
        const values = Array.from({ length: 8 }, (_, n) => ({ n }))
        const list = new RootFibers<{ n: number }>()
        const model = new Set<{ n: number }>()
        for (const [adding, n] of steps) {
          const value = values[n]!
          if (adding) {
            expect(list.add(value)).toBe(list)
            model.add(value)
          } else {
            expect(list.delete(value)).toBe(model.delete(value))
          }
          expect(list.size).toBe(model.size)
          expect([...list]).toEqual([...model])
          for (const v of values) expect(list.has(v)).toBe(model.has(v))
        }
      })
    ))

  it("lets the value being visited be deleted while iterating", () => {
    const [a, b, c] = [{ n: 1 }, { n: 2 }, { n: 3 }]
    const list = new RootFibers([a, b, c])
    const seen: Array<{ n: number }> = []
    for (const value of list) {
      seen.push(value)
      list.delete(value)
    }
    expect(seen).toEqual([a, b, c])
    expect(list.size).toBe(0)
    expect([...list]).toEqual([])
  })
})

describe("installRootFibers", () => {
  it.effect("puts Effect's root fibers in a RootFibers, and Fiber.roots still lists a running root fiber until it ends", () =>
    Effect.gen(function* () {
      expect(installRootFibers()).toBe(true)
      expect(installRootFibers()).toBe(true)
      const scope = GlobalValue.globalValue<unknown>(Symbol.for("effect/FiberScope/Global"), () => undefined) as { roots: unknown }
      expect(scope.roots).toBeInstanceOf(RootFibers)

      const release = yield* Deferred.make<void>()
      const fiber = Effect.runFork(Deferred.await(release))
      expect(yield* Fiber.roots).toContain(fiber)
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.await(fiber)
      expect(yield* Fiber.roots).not.toContain(fiber)
    })
  )
})
