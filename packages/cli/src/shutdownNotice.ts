import { Console, Effect, Runtime } from "effect"

const SIGNALS = ["SIGTERM", "SIGINT"] as const

/** Listens for the first SIGTERM or SIGINT, to print one line; yields the way to stop listening. */
const listen = Effect.map(Effect.runtime<never>(), (runtime) => {
  const announce = (signal: NodeJS.Signals) => {
    stop()
    Runtime.runSync(runtime, Console.error(`quire: shutting down (${signal})`))
  }
  const stop = () => {
    for (const signal of SIGNALS) process.off(signal, announce)
  }
  for (const signal of SIGNALS) process.on(signal, announce)
  return stop
})

/**
 * Runs `effect`, printing `quire: shutting down (SIGTERM)` (or SIGINT) when the signal comes.
 * Stopping itself is `NodeRuntime.runMain`'s: its own listeners interrupt the program, whose
 * finalizers close the server (requests in flight finish), then it exits 0. The line is written
 * from the listener, at once: a fiber started there would race that interruption. After the
 * first signal neither listener remains, so a second Ctrl-C kills the process.
 */
export const announcingShutdown = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.scoped(
    Effect.zipRight(
      Effect.acquireRelease(listen, (stop) => Effect.sync(stop)),
      effect
    )
  )
