import { Schema } from "effect"

/**
 * The URL may not be fetched: not an absolute `http(s)` URL, or it (or a redirect) leads to a
 * loopback, private, link-local or metadata address that `QUIRE_FETCH_ALLOW` does not name.
 * The request's input is at fault, so 400, naming the field (`url` unless the caller says).
 */
export class FetchRefused extends Schema.TaggedError<FetchRefused>()("FetchRefused", {
  field: Schema.String,
  message: Schema.String
}) {
  static readonly status = 400 as const

  static of(rule: string, field = "url") {
    return new FetchRefused({ field, message: `Invalid value for "${field}": ${rule}` })
  }
}

/** Why an allowed fetch did not bring a body back. */
export const FetchFailureReason = Schema.Literal("unreachable", "timeout", "tooLarge", "tooManyRedirects")
export type FetchFailureReason = typeof FetchFailureReason.Type

/**
 * The URL was allowed but could not be read within the bounds. 400 too, naming `url`: nothing
 * is wrong with Quire, the URL given cannot be imported (a 5xx would invite a retry and page an
 * operator). `reason` lets a job tell a passing failure (`unreachable`, `timeout`) from one that
 * the same URL will always give (`tooLarge`, `tooManyRedirects`).
 */
export class FetchFailed extends Schema.TaggedError<FetchFailed>()("FetchFailed", {
  field: Schema.String,
  reason: FetchFailureReason,
  message: Schema.String
}) {
  static readonly status = 400 as const

  static of(reason: FetchFailureReason, message: string, field = "url") {
    return new FetchFailed({ field, reason, message })
  }
}
