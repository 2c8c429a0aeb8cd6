import { Either, Schema } from "effect"
import { Email } from "../users/inputs.js"
import { SAML_CLOCK_SKEW_MS } from "./samlProtocol.js"

/** Who a checked assertion signs in, and the AuthnRequest it answers. */
export interface AssertionIdentity {
  readonly email: string
  readonly displayName: string
  readonly inResponseTo: string
}

const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer"
const DISPLAY_NAME_ATTRIBUTES = [
  "displayName",
  "name",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name",
  "urn:oid:2.16.840.1.113730.3.1.241"
]
const DISPLAY_NAME_MAX = 100

type XmlNode = { readonly $?: Record<string, string | undefined> } & Record<string, unknown>

const children = (node: unknown, name: string): ReadonlyArray<XmlNode> => {
  const value = (node as Record<string, unknown> | undefined)?.[name]
  return Array.isArray(value) ? (value as ReadonlyArray<XmlNode>) : []
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value.trim() : Array.isArray(value) && typeof value[0] === "string" ? value[0].trim() : undefined

const isEmail = Schema.is(Email)

/**
 * The signed assertion's subject, checked beyond node-saml: issued by the identity provider's
 * entity ID, with a bearer confirmation for this ACS
 * (`Recipient`), answering a request (`InResponseTo`), not past its `NotOnOrAfter`; an e-mail
 * address (the `email`/`mail` attribute, or an e-mail `NameID`). `profile` is node-saml's.
 */
export const assertionIdentity = (
  profile: Record<string, unknown> & { readonly getAssertion?: () => Record<string, unknown> },
  expected: { readonly issuer: string; readonly acsURL: string },
  nowMillis: number
): Either.Either<AssertionIdentity, string> => {
  const { acsURL } = expected
  // node-saml checks the issuer of logout messages only.
  if (profile["issuer"] !== expected.issuer) return Either.left(`the assertion's issuer is not ${expected.issuer}`)
  // xml2js keeps the root element as an object, its children as arrays.
  const assertion = profile.getAssertion?.()?.["Assertion"]
  const subject = children(assertion, "Subject")[0]
  const confirmations = children(subject, "SubjectConfirmation").filter((c) => c.$?.["Method"] === BEARER)
  const data = confirmations.flatMap((c) => children(c, "SubjectConfirmationData"))
  const forUs = data.filter((d) => d.$?.["Recipient"] === acsURL)
  if (forUs.length === 0) return Either.left(`no bearer subject confirmation names ${acsURL} as its recipient`)
  const current = forUs.filter((d) => {
    const until = Date.parse(d.$?.["NotOnOrAfter"] ?? "")
    return Number.isFinite(until) && nowMillis - SAML_CLOCK_SKEW_MS < until
  })
  if (current.length === 0) return Either.left("the subject confirmation has expired or has no NotOnOrAfter")
  const inResponseTo = current.map((d) => d.$?.["InResponseTo"]).find((id) => id !== undefined && id !== "")
  if (inResponseTo === undefined) return Either.left("the assertion answers no request (no InResponseTo)")
  const responseInResponseTo = profile["inResponseTo"]
  if (typeof responseInResponseTo === "string" && responseInResponseTo !== inResponseTo) {
    return Either.left("the response and its assertion answer different requests")
  }

  const candidates = [text(profile["email"]), text(profile["mail"]), text(profile["nameID"])]
  const email = candidates.find((c): c is string => c !== undefined && isEmail(c))
  if (email === undefined) return Either.left("the assertion carries no e-mail address (an email attribute or NameID)")
  const named = DISPLAY_NAME_ATTRIBUTES.map((a) => text(profile[a])).find((n) => n !== undefined && n !== "")
  const given = [text(profile["givenName"]), text(profile["sn"] ?? profile["surname"])].filter((p) => p)
  const displayName = (named ?? (given.length > 0 ? given.join(" ") : email.split("@")[0]!)).slice(0, DISPLAY_NAME_MAX)
  return Either.right({ email: email.toLowerCase(), displayName, inResponseTo })
}
