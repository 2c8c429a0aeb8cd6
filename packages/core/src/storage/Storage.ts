import { Context, type Effect } from "effect"

/**
 * The unit of work. A command wraps all its reads and writes in `transaction`: it either
 * fully happens or writes nothing, whatever way it fails (error, defect or interruption).
 * Nested calls join the outer transaction.
 */
export class Storage extends Context.Tag("@quire/core/Storage")<
  Storage,
  {
    readonly transaction: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  }
>() {}
