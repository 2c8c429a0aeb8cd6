import { Actor, type Conflict, type InvalidInput, QuireCore, type UserRecord, Users } from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer, Runtime } from "effect"
import * as fc from "fast-check"

export interface QuireTestOptions {
  /** The public URL resources' links are built from; `http://quire.test` unless given. */
  readonly publicUrl?: string | undefined
}

/**
 * The core services (`QuireCore.layer`) on a new, empty memory store, with the storage ports
 * too, for reading what was written. Each build is a store of its own: with `it.layer` the
 * tests of a block share one, with `Effect.provide` each effect gets its own.
 */
const layer = (options: QuireTestOptions = {}) =>
  QuireCore.layer({ publicUrl: options.publicUrl ?? "http://quire.test" }).pipe(Layer.provideMerge(MemoryStorage.layer))

/** Runs `self` as `user`: provides the `Actor` every service call on someone's behalf needs. */
const asUser =
  (user: UserRecord) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Actor>> =>
    Effect.provideService(self, Actor, user)

/**
 * A new user with `email` (and `displayName`, the e-mail's local part unless given), as the
 * operator makes one. E-mails are unique in a store: a second user with the same one fails
 * with `Conflict`.
 */
const user = (email: string, displayName?: string): Effect.Effect<UserRecord, InvalidInput | Conflict, Users> =>
  Effect.flatMap(Users, (users) => users.create({ email, displayName: displayName ?? (email.split("@")[0] || email) }))

/**
 * Checks with fast-check that `predicate` holds for every value of `arbitrary` it tries:
 * each run is an effect among the services of the calling effect (the same store). A run
 * that fails, dies or succeeds with `false` fails the property; any other success holds.
 * Failing, this effect dies with fast-check's report (the counterexample, shrunk, and the
 * seed to replay it). `parameters` are fast-check's (`numRuns`, `seed`...).
 */
const property = <A, R>(
  arbitrary: fc.Arbitrary<A>,
  predicate: (value: A) => Effect.Effect<unknown, unknown, R>,
  parameters?: fc.Parameters<[A]>
): Effect.Effect<void, never, R> =>
  Effect.flatMap(Effect.runtime<R>(), (runtime) => {
    const run = Runtime.runPromise(runtime)
    return Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(arbitrary, (value) => run(predicate(value)).then((result) => result !== false)),
        parameters
      )
    )
  })

/** Helpers for testing code that embeds Quire, on memory storage. */
export const QuireTest = { layer, user, asUser, property } as const

export { asUser }
