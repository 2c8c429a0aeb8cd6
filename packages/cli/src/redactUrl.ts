export const REDACTED = "[redacted]"

/** The id in an invite link's path is the link's secret: whoever holds it may join. */
const INVITE_ID = /(\/(?:link-)?invites\/)[^/?#]+/gi
const INVITE_PATH = /invites\//i

/**
 * A query parameter whose name, decoded and reduced to its letters, holds one of these anywhere
 * (`shareKey`, `token[]`, `access_token`, `api-key`, `client_secret`, `X-Amz-Signature`, ...) or
 * ends with one of the short ones (`sig`, `auth`, ...) carries a secret.
 */
const SECRET_WORDS = ["token", "key", "secret", "password", "passwd", "signature", "credential", "session", "jwt", "bearer", "authoriz"]
const SECRET_ENDINGS = ["sig", "auth", "code", "pwd", "pass"]

const SECRET_NAME = new RegExp(`${SECRET_WORDS.join("|")}|(?:${SECRET_ENDINGS.join("|")})$`)

/**
 * Whether a query may hold a secret-looking name at all: one of these with anything but letters
 * between its letters (`to[]ken`, `to+ken`, `auth[0]`), or an escape that could spell one. Each
 * word above holds one of these (`password` holds `pass`), so a name the scan passes is safe.
 * Most queries (`format=markdown`, `limit=20&page=...`) hold none and cost this one scan.
 */
const SCANNED_WORDS = ["token", "key", "secret", "pass", "sig", "credential", "session", "jwt", "bearer", "auth", "code", "pwd"]
const MAYBE_SECRET = new RegExp(`%|${SCANNED_WORDS.map((word) => [...word].join("[^A-Za-z&=]*")).join("|")}`, "i")

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

const redactQuery = (query: string): string => query.split("&").map(redactPart).join("&")

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
  return `${safePath}?${MAYBE_SECRET.test(query) ? redactQuery(query) : query}`
}
