import { Effect, ExecutionStrategy, type Exit, Scope } from "effect"
import { pipeArguments } from "effect/Pipeable"

/**
 * A request's scope that is made only when something uses it. Most requests (every GET) add no
 * finalizer and fork nothing, and making, providing and closing a scope for each cost ~8 µs of
 * a ~50 µs request on a route answering fixed JSON (`test/bench/micro/floorVariants.ts`).
 *
 * It is a `Scope.CloseableScope` that hands every operation to an Effect scope made on first
 * use, with what Effect's own scopes have beside the interface: the methods `Scope.fork`,
 * `Scope.addFinalizer` and `Scope.close` call, and the `state` that `Effect.forkIn` reads
 * directly. Closed before it was ever used, it makes nothing; used after it was closed, it
 * behaves as a closed Effect scope does (a finalizer runs at once).
 */
export class LazyScope implements Scope.CloseableScope {
  readonly [Scope.ScopeTypeId]: Scope.ScopeTypeId = Scope.ScopeTypeId
  readonly [Scope.CloseableScopeTypeId]: Scope.CloseableScopeTypeId = Scope.CloseableScopeTypeId
  readonly strategy: ExecutionStrategy.ExecutionStrategy = ExecutionStrategy.sequential
  private made: Scope.CloseableScope | undefined = undefined
  private closedWith: Exit.Exit<unknown, unknown> | undefined = undefined

  /** Whether the scope was made (something used it). */
  get isMade(): boolean {
    return this.made !== undefined
  }

  private real(): Scope.CloseableScope {
    if (this.made === undefined) {
      this.made = Effect.runSync(Scope.make(this.strategy))
      if (this.closedWith !== undefined) Effect.runSync(Scope.close(this.made, this.closedWith))
    }
    return this.made
  }

  /** Read by `Effect.forkIn` (and `forkScoped`) to register a fiber on the scope. */
  get state(): unknown {
    return (this.real() as unknown as { readonly state: unknown }).state
  }

  fork(strategy: ExecutionStrategy.ExecutionStrategy): Effect.Effect<Scope.CloseableScope> {
    return Effect.suspend(() => Scope.fork(this.real(), strategy))
  }

  addFinalizer(finalizer: (exit: Exit.Exit<unknown, unknown>) => Effect.Effect<unknown>): Effect.Effect<void> {
    return Effect.suspend(() => Scope.addFinalizerExit(this.real(), finalizer))
  }

  close(exit: Exit.Exit<unknown, unknown>): Effect.Effect<void> {
    return Effect.suspend(() => {
      if (this.made !== undefined) return Scope.close(this.made, exit)
      if (this.closedWith === undefined) this.closedWith = exit
      return Effect.void
    })
  }

  pipe() {
    // biome-ignore lint/complexity/noArguments: Effect's own `pipe` is written so
    return pipeArguments(this, arguments)
  }
}
