import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, ExecutionStrategy, Exit, Fiber, Ref, Scope } from "effect"
import { LazyScope } from "../../adapters/http/src/node/LazyScope.js"

describe("LazyScope", () => {
  it.effect("makes nothing when it is closed unused", () =>
    Effect.gen(function* () {
      const scope = new LazyScope()
      yield* Scope.close(scope, Exit.void)
      expect(scope.isMade).toBe(false)
    })
  )

  it.effect("runs its finalizers on close, last added first, with the exit", () =>
    Effect.gen(function* () {
      const scope = new LazyScope()
      const log = yield* Ref.make<ReadonlyArray<string>>([])
      const note = (name: string) => (exit: Exit.Exit<unknown, unknown>) =>
        Ref.update(log, (entries) => [...entries, `${name}:${Exit.isSuccess(exit) ? "ok" : "failed"}`])
      yield* Scope.addFinalizerExit(scope, note("first"))
      yield* Scope.addFinalizerExit(scope, note("second"))
      expect(yield* Ref.get(log)).toEqual([])
      yield* Scope.close(scope, Exit.fail("boom"))
      expect(yield* Ref.get(log)).toEqual(["second:failed", "first:failed"])
      // A second close does nothing more.
      yield* Scope.close(scope, Exit.void)
      expect((yield* Ref.get(log)).length).toBe(2)
    })
  )

  it.effect("runs a finalizer added after it closed at once, with the exit it closed with", () =>
    Effect.gen(function* () {
      const scope = new LazyScope()
      yield* Scope.close(scope, Exit.fail("late"))
      const seen = yield* Ref.make<Exit.Exit<unknown, unknown> | undefined>(undefined)
      yield* Scope.addFinalizerExit(scope, (exit) => Ref.set(seen, exit))
      expect(yield* Ref.get(seen)).toEqual(Exit.fail("late"))
    })
  )

  it.effect("interrupts a fiber forked in it when it closes (Effect.forkIn reads its state)", () =>
    Effect.gen(function* () {
      const scope = new LazyScope()
      const fiber = yield* Effect.forkIn(Effect.never, scope)
      expect(scope.isMade).toBe(true)
      yield* Scope.close(scope, Exit.void)
      expect(Exit.isInterrupted(yield* Fiber.await(fiber))).toBe(true)
    })
  )

  it.effect("closes the scopes forked from it, and Effect.scoped code inside it works as usual", () =>
    Effect.gen(function* () {
      const scope = new LazyScope()
      const child = yield* Scope.fork(scope, ExecutionStrategy.sequential)
      const closed = yield* Deferred.make<void>()
      yield* Scope.addFinalizer(child, Deferred.succeed(closed, undefined))
      const inner = yield* Effect.scoped(Effect.as(Effect.addFinalizer(() => Effect.void), "inner done")).pipe(
        Scope.extend(scope)
      )
      expect(inner).toBe("inner done")
      expect(yield* Deferred.isDone(closed)).toBe(false)
      yield* Scope.close(scope, Exit.void)
      expect(yield* Deferred.isDone(closed)).toBe(true)
    })
  )
})
