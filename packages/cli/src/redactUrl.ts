export const REDACTED = "[redacted]"

/** The id in an invite link's path is the link's secret: whoever holds it may join. */
const INVITE_ID = /(\/(?:link-)?invites\/)[^/?#]+/gi
const INVITE_PATH = /invites\//i

/** Query parameters whose value is a secret: `shareKey`, `token`, `access_token`, `api-key`, `client_secret`, ... */
const SECRET_ENDING = "(?:token|key|secret|password|passwd|signature|sig|auth|credentials?|code)"
const SECRET_NAME = new RegExp(`${SECRET_ENDING}$`, "i")
/** A query that may hold one: a secret-looking name before `=`, or escapes that could spell one. */
const MAYBE_SECRET = new RegExp(`${SECRET_ENDING}=|%`, "i")

const isSecretName = (name: string): boolean => {
  if (!name.includes("%")) return SECRET_NAME.test(name)
  try {
    return SECRET_NAME.test(decodeURIComponent(name))
  } catch {
    return true
  }
}

const redactQuery = (query: string): string =>
  query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=")
      return equals > 0 && isSecretName(pair.slice(0, equals)) ? `${pair.slice(0, equals + 1)}${REDACTED}` : pair
    })
    .join("&")

/**
 * `url` as it may be written to a log: invite ids in invite paths and the values of
 * secret-looking query parameters replaced by `[redacted]`. Most URLs have neither an invite
 * path nor a query, and most queries no secret-looking name: those cost a scan or two.
 */
export const redactUrl = (url: string): string => {
  const question = url.indexOf("?")
  const hasInvite = INVITE_PATH.test(url)
  if (question === -1 && !hasInvite) return url
  const path = question === -1 ? url : url.slice(0, question)
  const safePath = hasInvite ? path.replace(INVITE_ID, `$1${REDACTED}`) : path
  if (question === -1) return safePath
  const query = url.slice(question + 1)
  return `${safePath}?${MAYBE_SECRET.test(query) ? redactQuery(query) : query}`
}
