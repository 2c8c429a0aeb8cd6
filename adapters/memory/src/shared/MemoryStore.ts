import { Effect, Exit, FiberRef, Ref } from "effect"
import { makeCommitCounter } from "@quire/core"
import { Tables } from "./Tables.js"

/** Marks the fibers of one running transaction; closed when it ends, so late forks do not join it. */
interface TransactionToken {
  open: boolean
}

export interface MemoryStore {
  /** Reads the transaction's own state inside a transaction, the committed state outside. */
  readonly read: <A>(f: (tables: Tables) => A) => Effect.Effect<A>
  /** Applies `f` atomically. A thrown error (e.g. a duplicate key) is a defect and changes nothing. */
  readonly write: (f: (tables: Tables) => Tables) => Effect.Effect<void>
  readonly transaction: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Moves with every commit (see `StorageChanges`). */
  readonly mark: () => string
}

/**
 * One store. Transactions are serialized by a single permit; the outermost one works on
 * `working` and either publishes it to `committed` or throws it away. Both are immutable
 * values, so the snapshot and the rollback cost nothing.
 */
export const makeMemoryStore = Effect.sync((): MemoryStore => {
  const initial = Tables.empty
  const committed = Ref.unsafeMake(initial)
  const working = Ref.unsafeMake(initial)
  const permit = Effect.unsafeMakeSemaphore(1)
  const current = FiberRef.unsafeMake<TransactionToken | undefined>(undefined)

  const commits = makeCommitCounter()
  const publish = Effect.flatMap(Ref.get(working), (tables) =>
    Effect.zipRight(Ref.set(committed, tables), Effect.sync(commits.committed))
  )

  const inTransaction = Effect.map(FiberRef.get(current), (token) => token?.open === true)

  const applyTo = (ref: Ref.Ref<Tables>, f: (tables: Tables) => Tables) =>
    Effect.flatten(
      Ref.modify(ref, (tables): [Effect.Effect<void>, Tables] => {
        try {
          return [Effect.void, f(tables)]
        } catch (error) {
          return [Effect.die(error), tables]
        }
      })
    )

  const read = <A>(f: (tables: Tables) => A) =>
    Effect.flatMap(inTransaction, (inside) => Effect.map(Ref.get(inside ? working : committed), f))

  const write = (f: (tables: Tables) => Tables) =>
    Effect.flatMap(inTransaction, (inside) =>
      inside
        ? applyTo(working, f)
        : permit.withPermits(1)(
            Effect.zipRight(
              applyTo(working, f),
              publish
            )
          )
    )

  /**
   * Runs `self` on `working` and puts `working` back as it was if `self` fails, dies or is
   * interrupted; `end` runs first either way.
   */
  const undoOnFailure = <A, E, R>(
    self: Effect.Effect<A, E, R>,
    end: (succeeded: boolean) => Effect.Effect<void>
  ): Effect.Effect<A, E, R> =>
    Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        const before = yield* Ref.get(working)
        const exit = yield* Effect.exit(restore(self))
        yield* end(Exit.isSuccess(exit))
        if (Exit.isFailure(exit)) yield* Ref.set(working, before)
        return yield* exit
      })
    )

  /**
   * The outermost call takes the permit and publishes `working` at the end. A nested call
   * joins it like a savepoint: its own failure undoes its own writes, the outer failure all.
   */
  const transaction = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(inTransaction, (inside) => {
      if (inside) return undoOnFailure(self, () => Effect.void)
      const token: TransactionToken = { open: true }
      const end = (succeeded: boolean) =>
        Effect.suspend(() => {
          token.open = false
          return succeeded ? publish : Effect.void
        })
      return permit.withPermits(1)(undoOnFailure(Effect.locally(self, current, token), end))
    })

  return { read, write, transaction, mark: commits.mark }
})
