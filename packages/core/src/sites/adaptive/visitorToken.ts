import { Clock, Effect } from "effect"
import { base64url, errors, jwtVerify, SignJWT } from "jose"
import { Unauthorized } from "../../shared/errors.js"
import type { VisitorClaims } from "./condition.js"

/** The one algorithm a visitor token may use: pinned, so `none` or another HMAC is refused. */
export const VISITOR_TOKEN_ALGORITHM = "HS256"
/** Longer tokens are refused unread. */
export const MAX_VISITOR_TOKEN_LENGTH = 8192
/** Seconds of clock skew allowed between the visitor's signer and Quire. */
export const VISITOR_TOKEN_CLOCK_TOLERANCE = 5

const REGISTERED = new Set(["iss", "sub", "aud", "exp", "nbf", "iat", "jti"])

/**
 * The HMAC key is the key string's UTF-8 bytes, as `jsonwebtoken.sign(claims, key)` uses a
 * string secret, so a visitor's backend passes the site's key as it is.
 */
const hmacKey = (key: string): Uint8Array => new TextEncoder().encode(key)

/** A new site key: 32 random bytes, base64url. */
export const makeVisitorKey = (): string => base64url.encode(crypto.getRandomValues(new Uint8Array(32)))

const currentDate = (now: Date | undefined): Effect.Effect<Date> =>
  now !== undefined ? Effect.succeed(now) : Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

const unauthorized = (why: string) => new Unauthorized({ message: `Invalid visitor token: ${why}` })

/** Why jose refused a token, in words that never repeat the token. */
const reasonOf = (error: unknown): string => {
  if (error instanceof errors.JWTExpired) return "it has expired"
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === "missing") return `it has no "${error.claim}" claim`
    if (error.claim === "aud") return "it is for another site (wrong audience)"
    if (error.claim === "nbf") return "it is not valid yet"
    return `its "${error.claim}" claim is not valid`
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return `it must be signed with ${VISITOR_TOKEN_ALGORITHM}`
  if (error instanceof errors.JWSSignatureVerificationFailed) return "its signature does not match the site's key"
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return "it is malformed"
  return "it could not be verified"
}

/**
 * Verifies a visitor token (GitBook's visitor authentication): a JWT signed HS256 with the
 * site's key, for the site (`aud`), with an `exp`. Its claims other than the registered ones
 * (iss, sub, aud, exp, nbf, iat, jti) are the visitor's signed claims; unsigned claims do not
 * come from the token.
 */
export const verifyVisitorToken = (
  token: string,
  options: { readonly key: string; readonly siteId: string; readonly now?: Date }
): Effect.Effect<VisitorClaims, Unauthorized> =>
  Effect.gen(function* () {
    if (token.length === 0 || token.length > MAX_VISITOR_TOKEN_LENGTH) return yield* Effect.fail(unauthorized("it is malformed"))
    const at = yield* currentDate(options.now)
    const { payload } = yield* Effect.tryPromise({
      try: () =>
        jwtVerify(token, hmacKey(options.key), {
          algorithms: [VISITOR_TOKEN_ALGORITHM],
          audience: options.siteId,
          requiredClaims: ["exp"],
          clockTolerance: VISITOR_TOKEN_CLOCK_TOLERANCE,
          currentDate: at
        }),
      catch: (error) => unauthorized(reasonOf(error))
    })
    // fromEntries defines properties, so a claim named "__proto__" stays a claim.
    const signed = Object.fromEntries(Object.entries(payload).filter(([name]) => !REGISTERED.has(name)))
    return { signed, unsigned: {} }
  })

/** A visitor token for a site, as a visitor's backend makes one (for tests and the docs). */
export const signVisitorToken = (
  claims: Readonly<Record<string, unknown>>,
  options: { readonly key: string; readonly siteId: string; readonly expiresInSeconds: number; readonly now?: Date }
): Effect.Effect<string> =>
  Effect.flatMap(currentDate(options.now), (at) => {
    const issuedAt = Math.floor(at.getTime() / 1000)
    return Effect.promise(() =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: VISITOR_TOKEN_ALGORITHM, typ: "JWT" })
        .setAudience(options.siteId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.expiresInSeconds)
        .sign(hmacKey(options.key))
    )
  })
