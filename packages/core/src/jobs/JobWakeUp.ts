import { Context, Deferred, Effect, Exit, FiberId } from "effect"

export interface JobWakeUpService {
  /** Wakes every runner waiting in this process. */
  readonly signal: Effect.Effect<void>
  /** Waits for the next `signal`. */
  readonly wait: Effect.Effect<void>
}

const makeWakeUp = (): JobWakeUpService => {
  const waiters = new Set<Deferred.Deferred<void>>()
  return {
    signal: Effect.sync(() => {
      for (const waiter of waiters) Deferred.unsafeDone(waiter, Exit.void)
      waiters.clear()
    }),
    wait: Effect.suspend(() => {
      const waiter = Deferred.unsafeMake<void>(FiberId.none)
      waiters.add(waiter)
      return Effect.ensuring(
        Deferred.await(waiter),
        Effect.sync(() => waiters.delete(waiter))
      )
    })
  }
}

/**
 * The in-process nudge from `Jobs.enqueue` to the runners, so a job enqueued here starts without
 * waiting for the next poll. One per process (a reference's default is made once); a runner on
 * another storage woken by it only claims once more for nothing. Other servers find the job by
 * polling.
 */
export class JobWakeUp extends Context.Reference<JobWakeUp>()("@quire/core/JobWakeUp", {
  defaultValue: makeWakeUp
}) {}
