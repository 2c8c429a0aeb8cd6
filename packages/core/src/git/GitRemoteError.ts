import { Schema } from "effect"

/** Why talking to a Git remote failed, as a reason a caller can act on. */
export const GitRemoteFailure = Schema.Literal(
  /** Nothing answered at that address (refused, unknown host, reset), or not within the caps. */
  "unreachable",
  /**
   * Quire does not read it: an address it does not reach (loopback, private, metadata) unless
   * `QUIRE_FETCH_ALLOW` names it, an answer past its size cap, too many redirects.
   */
  "refused",
  /** Something answered, but not as a Git repository over smart HTTP. */
  "not-a-repository",
  /** The repository asks for credentials and none were given. */
  "credentials-required",
  /** The repository refused the credentials given. */
  "credentials-refused",
  /** The branch does not exist in the repository. */
  "ref-not-found",
  /** The repository refused the push (a hook, a protected branch). */
  "push-rejected",
  /** Another push moved the branch between this one's read and its write: another attempt reads it again. */
  "branch-moved"
)
export type GitRemoteFailure = typeof GitRemoteFailure.Type

/**
 * A Git remote could not be read or written. Its message names the repository without any
 * credentials the URL held, so it may be shown and logged as it is.
 */
export class GitRemoteError extends Schema.TaggedError<GitRemoteError>()("GitRemoteError", {
  reason: GitRemoteFailure,
  message: Schema.String
}) {
  /** Bad input to the request that named the repository (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 400 as const
}
