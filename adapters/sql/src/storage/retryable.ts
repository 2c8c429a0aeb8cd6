import { SqlError } from "@effect/sql/SqlError"
import { Cause, Option } from "effect"

/**
 * Errors after which running the whole transaction again may succeed: Postgres'
 * serialization failure (a serializable transaction that would not match any serial order)
 * and deadlock, and SQLite's busy database (another connection held the write lock past the
 * busy timeout).
 */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(["40001", "40P01", "SQLITE_BUSY"])

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
