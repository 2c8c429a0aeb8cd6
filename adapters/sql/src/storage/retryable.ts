import { SqlError } from "@effect/sql/SqlError"
import { Cause, Option } from "effect"

/**
 * Errors after which running the whole transaction again may succeed: Postgres'
 * serialization failure (a serializable transaction that would not match any serial order),
 * deadlock, and unique violation, and SQLite's busy database (another connection held the
 * write lock past the busy timeout). A unique violation is how Postgres often reports two
 * serializable transactions that both read a key as free (the next number of a space's change
 * requests, say) and both insert it: run again, the loser reads the new state, and the
 * command's own check decides (the next number, or a `Conflict`). A unique key no command
 * checks would fail the same way every time, and still fails after the last attempt.
 */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(["40001", "40P01", "23505", "SQLITE_BUSY"])

const codeOf = (error: unknown): unknown =>
  error instanceof SqlError && typeof error.cause === "object" && error.cause !== null
    ? (error.cause as { readonly code?: unknown }).code
    : undefined

/**
 * Whether the cause holds such an error, as a failure or as a defect: repositories turn
 * their statements' errors into defects (the ports have no storage errors).
 */
export const isRetryable = (cause: Cause.Cause<unknown>): boolean =>
  Option.isSome(
    Cause.find(cause, (reason) => {
      const error = reason._tag === "Fail" ? reason.error : reason._tag === "Die" ? reason.defect : undefined
      const code = codeOf(error)
      return typeof code === "string" && RETRYABLE_CODES.has(code) ? Option.some(code) : Option.none()
    })
  )
