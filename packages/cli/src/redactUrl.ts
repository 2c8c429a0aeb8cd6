export const REDACTED = "[redacted]"

/** The id in an invite link's path is the link's secret: whoever holds it may join. */
const INVITE_ID = /(\/(?:link-)?invites\/)[^/?#]+/gi
const INVITE_PATH = /invites\//i

/**
 * A query parameter whose name, decoded and reduced to its letters, holds one of these anywhere
 * (`shareKey`, `token[]`, `access_token`, `api-key`, `client_secret`, `X-Amz-Signature`, ...) or
 * ends with one of the short ones (`sig`, `auth`, ...) carries a secret.
 */
const SECRET_WORDS = ["token", "key", "share", "secret", "password", "passwd", "signature", "credential", "session", "jwt", "bearer", "authoriz"]
const SECRET_ENDINGS = ["sig", "auth", "code", "pwd", "pass"]

const SECRET_NAME = new RegExp(`${SECRET_WORDS.join("|")}|(?:${SECRET_ENDINGS.join("|")})$`)

/**
 * Whether a name may be a secret one: one of these with anything but letters between its
 * letters (`to_ken`, `auth0`). Each word above holds one of these (`password` holds `pass`), so
 * a name this passes is not a secret one; one it matches is looked at closely.
 */
const SCANNED_WORDS = ["token", "key", "share", "secret", "pass", "sig", "credential", "session", "jwt", "bearer", "auth", "code", "pwd"]
const MAYBE_SECRET_NAME = new RegExp(SCANNED_WORDS.map((word) => [...word].join("[^A-Za-z]*")).join("|"), "i")

/**
 * A character that can hide a name or split one: an escape, `+`, `;`, brackets, white space,
 * controls, anything not ASCII. A query without any (most are: `format=markdown`,
 * `limit=20&page=...`) has its names before the first `=` of each `&`-separated part.
 */
const UNUSUAL = /[^A-Za-z0-9&=._~-]/

/** Escapes are undone until none is left (a name may be escaped twice); at most this many times. */
const MAX_DECODINGS = 3

/**
 * A name as it could be meant, for comparing: `+` as a space, escapes undone, lower case, only
 * its letters (`auth[0]` is `auth`). Undefined when it cannot be decoded: such a name is taken for a secret one.
 */
const normalized = (name: string): string | undefined => {
  let text = name.replaceAll("+", " ")
  for (let i = 0; i < MAX_DECODINGS && text.includes("%"); i++) {
    try {
      text = decodeURIComponent(text)
    } catch {
      return undefined
    }
  }
  return text.toLowerCase().replace(/[^a-z]/g, "")
}

const isSecretName = (name: string): boolean => {
  const plain = normalized(name)
  return plain === undefined || SECRET_NAME.test(plain)
}

/**
 * One `&`-separated part of a query with the value of a secret-looking parameter redacted. A
 * name is whatever comes before an `=` since the part's start or the previous `=`, so that
 * `;`-separated parameters (`a=1;token=...`) and names holding `;` are read too. From the first
 * such `=`, the rest of the part is the value (a value may hold `;` and `=`).
 */
const redactPart = (part: string): string => {
  let start = 0
  for (let equals = part.indexOf("="); equals !== -1; equals = part.indexOf("=", start)) {
    if (isSecretName(part.slice(start, equals))) return `${part.slice(0, equals + 1)}${REDACTED}`
    start = equals + 1
  }
  return part
}

/** `redactPart` for every `&`-separated part of a query that holds an unusual character. */
const redactQuery = (query: string): string => query.split("&").map(redactPart).join("&")

/**
 * A query of usual characters only, with the value of each secret-looking parameter redacted.
 * When no name is one, it costs a scan of each name and makes no string but the names.
 */
const redactUsualQuery = (query: string): string => {
  let redacted: string | undefined
  let copied = 0
  for (let start = 0; start < query.length; ) {
    const ampersand = query.indexOf("&", start)
    const end = ampersand === -1 ? query.length : ampersand
    const equals = query.indexOf("=", start)
    if (equals !== -1 && equals < end) {
      const name = query.slice(start, equals)
      if (MAYBE_SECRET_NAME.test(name) && isSecretName(name)) {
        redacted = `${redacted ?? ""}${query.slice(copied, equals + 1)}${REDACTED}`
        copied = end
      }
    }
    start = end + 1
  }
  return redacted === undefined ? query : `${redacted}${query.slice(copied)}`
}

/**
 * `url` as it may be written to a log: invite ids in invite paths and the values of
 * secret-looking query parameters replaced by `[redacted]`, however the parameter's name is
 * written (`token[]`, `;token`, `token%20`, `token+`, `token%00`, `TOKEN`, `t%6Fken`). A name
 * that cannot be decoded is taken for a secret one. Most URLs have neither an invite path nor
 * a query, and most queries no secret-looking name: those cost a scan or two.
 */
export const redactUrl = (url: string): string => {
  const question = url.indexOf("?")
  const hasInvite = INVITE_PATH.test(url)
  if (question === -1 && !hasInvite) return url
  const path = question === -1 ? url : url.slice(0, question)
  const safePath = hasInvite ? path.replace(INVITE_ID, `$1${REDACTED}`) : path
  if (question === -1) return safePath
  const query = url.slice(question + 1)
  return `${safePath}?${UNUSUAL.test(query) ? redactQuery(query) : redactUsualQuery(query)}`
}
