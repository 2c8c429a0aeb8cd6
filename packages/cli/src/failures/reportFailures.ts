import { ValidationError } from "@effect/cli"
import { Cause, Console, Data, Effect, Option } from "effect"
import { inspect } from "node:util"
import { explainFailure } from "./explainFailure.js"

/** A failure already written to stderr: all that is left is to exit 1. */
export class FailureReported extends Data.TaggedError("FailureReported") {}

/**
 * Interruption (a signal: not a failure), a failure already reported, or @effect/cli's own
 * `ValidationError`: a usage error it has printed, or a request for help it will print.
 */
const reportedElsewhere = (cause: Cause.Cause<unknown>): boolean => {
  if (Cause.isInterruptedOnly(cause)) return true
  const failure = Cause.failureOption(cause)
  return Option.isSome(failure) && (failure.value instanceof FailureReported || ValidationError.isValidationError(failure.value))
}

/** `Cause.pretty` (the failures with their stack traces), then what the failure wraps, all the way down. */
const wholeCause = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.squash(cause)
  const wrapped = typeof failure === "object" && failure !== null ? (failure as { cause?: unknown }).cause : undefined
  const pretty = Cause.pretty(cause)
  return wrapped === undefined ? pretty : `${pretty}\n[cause]: ${inspect(wrapped, { depth: 8 })}`
}

/**
 * Writes why `effect` failed to stderr, as one line `quire: <reason>` (`explainFailure`), or
 * with `verbose` the whole cause; then fails with `FailureReported`.
 */
export const reportFailures = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  verbose: boolean
): Effect.Effect<A, E | FailureReported, R> =>
  Effect.catchAllCause(effect, (cause): Effect.Effect<never, E | FailureReported> =>
    reportedElsewhere(cause)
      ? Effect.failCause(cause)
      : Effect.zipRight(
          Console.error(verbose ? wholeCause(cause) : `quire: ${explainFailure(cause)}`),
          Effect.fail(new FailureReported())
        )
  )

/** For the program as a whole: writes a failure nothing reported yet (there should be none) as one line. */
export const reportUnreported = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.tapErrorCause(effect, (cause) =>
    reportedElsewhere(cause) ? Effect.void : Console.error(`quire: ${explainFailure(cause)}`)
  )
