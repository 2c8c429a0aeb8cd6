import { isomorphicGit } from "./isomorphicGit.js"
import { GitRemoteError, type GitRemoteFailure } from "./GitRemoteError.js"
import { type GitCredentials, redactCredentials } from "./remoteUrl.js"
import { OutboundGitFailure } from "./fetcherGitHttp.js"

/** What a Git call was doing when it failed, and of what, for its message. */
export interface GitCallContext {
  /** The URL without credentials. */
  readonly url: string
  readonly branch: string
  readonly credentials: GitCredentials | undefined
}

const systemCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"])

const error = (reason: GitRemoteFailure, message: string, context: GitCallContext) =>
  new GitRemoteError({ reason, message: redactCredentials(message, context.credentials) })

const statusOf = (cause: unknown): number | undefined => {
  const data = (cause as { data?: { statusCode?: unknown } }).data
  return typeof data?.statusCode === "number" ? data.statusCode : undefined
}

/** An error thrown by isomorphic-git (or its HTTP client) as a `GitRemoteError` with a message fit to show. */
export const gitRemoteError = (cause: unknown, context: GitCallContext): GitRemoteError => {
  const { url, branch } = context
  const { Errors } = isomorphicGit()
  if (cause instanceof OutboundGitFailure) {
    const failure = cause.failure
    const passing = failure._tag === "FetchFailed" && (failure.reason === "unreachable" || failure.reason === "timeout")
    return error(passing ? "unreachable" : "refused", failure.message, context)
  }
  if (cause instanceof Errors.NotFoundError) return error("ref-not-found", `The repository ${url} has no branch "${branch}"`, context)
  if (cause instanceof Errors.UserCanceledError) return error("credentials-refused", `The repository ${url} refused the credentials given`, context)
  if (cause instanceof Errors.HttpError) {
    const status = statusOf(cause)
    if (status === 401 && context.credentials === undefined) {
      return error("credentials-required", `The repository ${url} asks for credentials: put them in the URL (https://user:token@host/...)`, context)
    }
    if (status === 401 || status === 403) return error("credentials-refused", `The repository ${url} refused the credentials given`, context)
    return error("not-a-repository", `${url} is not a Git repository (it answered HTTP ${status ?? "an error"})`, context)
  }
  if (
    cause instanceof Errors.SmartHttpError ||
    cause instanceof Errors.ParseError ||
    cause instanceof Errors.EmptyServerResponseError ||
    cause instanceof Errors.UnknownTransportError ||
    cause instanceof Errors.UrlParseError
  ) {
    return error("not-a-repository", `${url} is not a Git repository served over smart HTTP`, context)
  }
  if (cause instanceof Errors.PushRejectedError) {
    return error("branch-moved", `The branch "${branch}" of ${url} moved while Quire pushed to it`, context)
  }
  // The server's side of the same race: the ref changed between its read and its update.
  if (cause instanceof Errors.GitPushError && /failed to (update|lock) ref|cannot lock ref|non-fast-forward|fetch first|stale info/i.test(cause.message)) {
    return error("branch-moved", `The branch "${branch}" of ${url} moved while Quire pushed to it`, context)
  }
  if (cause instanceof Errors.GitPushError) {
    return error("push-rejected", `The repository ${url} refused the push to "${branch}": ${cause.message}`, context)
  }
  const code = (cause as { code?: unknown }).code
  const detail = cause instanceof Error ? cause.message : String(cause)
  if (typeof code === "string" && systemCodes.has(code)) return error("unreachable", `${url} could not be reached (${code})`, context)
  return error("unreachable", `${url} could not be read as a Git repository (${detail})`, context)
}
