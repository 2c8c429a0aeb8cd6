import { Console, Effect } from "effect"
import { forStream } from "./ansiStyle.js"
import { withoutTypeBlurbs } from "./typeBlurbs.js"

const plain = (stream: NodeJS.WriteStream, args: ReadonlyArray<unknown>): Array<unknown> =>
  args.map((arg) => (typeof arg === "string" ? withoutTypeBlurbs(forStream(stream, arg)) : arg))

/**
 * Runs `effect` with `Console.log` and `Console.error` writing without colours when their
 * stream is not a terminal (a pipe, a file) or `NO_COLOR` is set: help and usage errors stay
 * readable in logs and tests. Either way, help leaves out @effect/cli's type blurbs.
 */
export const withPlainOutput = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Console.consoleWith((console) =>
    Effect.withConsole(effect, {
      ...console,
      log: (...args) => console.log(...plain(process.stdout, args)),
      error: (...args) => console.error(...plain(process.stderr, args))
    })
  )
