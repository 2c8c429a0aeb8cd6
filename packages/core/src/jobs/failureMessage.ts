import { Cause } from "effect"

const MAX_LENGTH = 2_000

/** A failed attempt's cause as the one line kept in `lastError`: the error's tag and message, else Effect's rendering. */
export const failureMessage = (cause: Cause.Cause<unknown>): string => {
  const error = Cause.squash(cause)
  const message =
    typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message !== ""
      ? "_tag" in error && typeof error._tag === "string"
        ? `${error._tag}: ${error.message}`
        : error.message
      : Cause.pretty(cause)
  return message.length > MAX_LENGTH ? `${message.slice(0, MAX_LENGTH - 1)}…` : message
}
