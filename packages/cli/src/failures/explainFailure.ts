import { Cause, ConfigError, Option } from "effect"
import { CannotListen } from "./CannotListen.js"
import { innermostReason } from "./causeChain.js"
import { DatabaseUnavailable } from "./DatabaseUnavailable.js"

/** `PORT: Expected a network port value but received "abc"`. */
const describeConfigError = (error: ConfigError.ConfigError): string => {
  switch (error._op) {
    case "And":
    case "Or":
      return String(error)
    default:
      // `Config.validate` gives no path: its messages name their variable.
      return error.path.length === 0 ? error.message : `${error.path.join(".")}: ${error.message}`
  }
}

/**
 * One line, without a stack trace, saying why a command failed: for a start-up failure what
 * could not be done and its innermost reason (`cannot connect to Postgres at 127.0.0.1:5432:
 * database "nope" does not exist`); for a defect, its reason and that `--verbose` says more.
 */
export const explainFailure = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.squash(cause)
  if (ConfigError.isConfigError(failure)) return describeConfigError(failure)
  if (failure instanceof DatabaseUnavailable || failure instanceof CannotListen) return failure.message
  const reason = innermostReason(failure)
  return Option.isNone(Cause.failureOption(cause)) && Cause.isDie(cause)
    ? `unexpected error: ${reason} (--verbose shows where)`
    : reason
}
