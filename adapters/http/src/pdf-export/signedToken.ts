import { createHmac, timingSafeEqual } from "node:crypto"
import { Either, Schema } from "effect"

/**
 * What a PDF URL grants, as signed: the user it was issued to (the download reads as that user,
 * so one who lost access since gets nothing), the space, the change request if any, the
 * revision read when it was issued, the page and `only`, and when it expires (ms since epoch).
 */
export const ExportGrant = Schema.Struct({
  user: Schema.String,
  space: Schema.String,
  changeRequest: Schema.optional(Schema.String),
  revision: Schema.String,
  page: Schema.optional(Schema.String),
  only: Schema.Boolean,
  expires: Schema.Number
})
export interface ExportGrant extends Schema.Schema.Type<typeof ExportGrant> {}

/** Kept apart from any other use of the key: a MAC of this is only ever a PDF grant. */
const PURPOSE = "quire/pdf/v1."

/** Longer tokens are refused unread (a grant with the longest ids is far shorter). */
const MAX_TOKEN_LENGTH = 2048

const mac = (key: Uint8Array, payload: string) => createHmac("sha256", key).update(PURPOSE + payload).digest()

const decodeGrant = Schema.decodeUnknownEither(Schema.parseJson(ExportGrant))

/** `<payload>.<signature>`, both base64url: the grant as JSON, and its HMAC-SHA256 under `key`. */
export const signGrant = (grant: ExportGrant, key: Uint8Array): string => {
  const payload = Buffer.from(JSON.stringify(grant), "utf8").toString("base64url")
  return `${payload}.${mac(key, payload).toString("base64url")}`
}

/**
 * The grant a token carries, if `key` signed it and it has not expired at `now`; undefined
 * for anything else (tampered, signed with another key, malformed, expired), which the
 * caller answers alike.
 */
export const verifyGrant = (token: string, key: Uint8Array, now: number): ExportGrant | undefined => {
  if (token.length > MAX_TOKEN_LENGTH) return undefined
  const parts = token.split(".")
  if (parts.length !== 2) return undefined
  const [payload, signature] = parts as [string, string]
  // Compared as text: base64url decoding ignores stray characters and trailing bits, so two
  // different signatures could decode to the same bytes.
  const expected = Buffer.from(mac(key, payload).toString("base64url"), "utf8")
  const given = Buffer.from(signature, "utf8")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const grant = decodeGrant(Buffer.from(payload, "base64url").toString("utf8"))
  if (Either.isLeft(grant) || !(now < grant.right.expires)) return undefined
  return grant.right
}
