import { certificateProblem } from "@quire/core"
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { Either } from "effect"
import { assertionIdentity } from "../../packages/core/src/sso/assertionIdentity.js"
import { makeIdp } from "../support/samlIdp.js"

/**
 * The checks Quire adds to node-saml's: a provider's certificate must verify now, and a signed
 * assertion must come from the provider's issuer, confirm a bearer for this ACS, answer a
 * request and name an e-mail address.
 */
const ACS = "https://quire.test/v1/saml/p1/acs"
const ISSUER = "https://idp.test"
const NOW = Date.parse("2026-06-01T12:00:00Z")

interface Shape {
  readonly issuer?: string
  readonly method?: string
  readonly recipient?: string
  readonly inResponseTo?: string
  readonly notOnOrAfter?: string
  readonly responseInResponseTo?: string
  readonly nameID?: string
  readonly email?: string
  readonly displayName?: string
}

/** node-saml's profile for an assertion of this shape (xml2js: the root an object, children arrays). */
const profile = (shape: Shape = {}) => {
  const data = {
    $: {
      Recipient: shape.recipient ?? ACS,
      InResponseTo: shape.inResponseTo ?? "_req1",
      NotOnOrAfter: shape.notOnOrAfter ?? "2026-06-01T12:05:00Z"
    }
  }
  const assertion = {
    Assertion: {
      Subject: [
        { SubjectConfirmation: [{ $: { Method: shape.method ?? "urn:oasis:names:tc:SAML:2.0:cm:bearer" }, SubjectConfirmationData: [data] }] }
      ]
    }
  }
  return {
    issuer: shape.issuer ?? ISSUER,
    nameID: shape.nameID ?? "sam@sso.test",
    ...(shape.email === undefined ? {} : { email: shape.email }),
    ...(shape.displayName === undefined ? {} : { displayName: shape.displayName }),
    ...(shape.responseInResponseTo === undefined ? {} : { inResponseTo: shape.responseInResponseTo }),
    getAssertion: () => assertion
  }
}

const identity = (shape: Shape = {}) => assertionIdentity(profile(shape), { issuer: ISSUER, acsURL: ACS }, NOW)

describe("assertionIdentity", () => {
  it("names the subject by e-mail (lower case), its display name, and the request it answers", () => {
    expect(identity({ nameID: "Sam@SSO.test", displayName: "Sam Single" })).toEqual(
      Either.right({ email: "sam@sso.test", displayName: "Sam Single", inResponseTo: "_req1" })
    )
    expect(identity({ nameID: "not-an-email", email: "mail@sso.test" })).toMatchObject(Either.right({ email: "mail@sso.test", displayName: "mail" }))
  })

  it("refuses another issuer, another recipient, a non-bearer method, an expired or unanswering confirmation, no e-mail", () => {
    const refusals: Array<[Shape, RegExp]> = [
      [{ issuer: "https://other.test" }, /issuer/],
      [{ recipient: "https://other.test/acs" }, /recipient/],
      [{ method: "urn:oasis:names:tc:SAML:2.0:cm:holder-of-key" }, /recipient/],
      [{ notOnOrAfter: "2026-06-01T11:58:59Z" }, /expired/],
      [{ notOnOrAfter: "whenever" }, /expired/],
      [{ inResponseTo: "" }, /no request/],
      [{ responseInResponseTo: "_req2" }, /different requests/],
      [{ nameID: "nobody" }, /e-mail/]
    ]
    for (const [shape, reason] of refusals) {
      const result = identity(shape)
      expect(Either.isLeft(result), JSON.stringify(shape)).toBe(true)
      expect(Either.getLeft(result).pipe((left) => left._tag === "Some" && reason.test(left.value))).toBe(true)
    }
  })

  it("accepts a confirmation past NotOnOrAfter by less than the clock skew (60 s), not more", () => {
    expect(Either.isRight(identity({ notOnOrAfter: "2026-06-01T11:59:30Z" }))).toBe(true)
    expect(Either.isLeft(identity({ notOnOrAfter: "2026-06-01T11:59:00Z" }))).toBe(true)
  })

  it("admits exactly the assertions for this ACS from this issuer (property)", () => {
    const url = fc.oneof(fc.constant(ACS), fc.webUrl())
    fc.assert(
      fc.property(url, fc.oneof(fc.constant(ISSUER), fc.webUrl()), (recipient, issuer) => {
        const admitted = Either.isRight(identity({ recipient, issuer }))
        expect(admitted).toBe(recipient === ACS && issuer === ISSUER)
      }),
      { numRuns: 200 }
    )
  })
})

describe("certificateProblem", () => {
  it("accepts a current certificate; refuses an expired one, one not yet valid, and what is no certificate", async () => {
    const current = await makeIdp()
    expect(certificateProblem(current.certificate, new Date())).toBeUndefined()
    const expired = await makeIdp({ notBefore: new Date("2020-01-01"), notAfter: new Date("2021-01-01") })
    expect(certificateProblem(expired.certificate, new Date())).toMatch(/^expired on/)
    const future = await makeIdp({ notBefore: new Date(Date.now() + 86_400_000), notAfter: new Date(Date.now() + 2 * 86_400_000) })
    expect(certificateProblem(future.certificate, new Date())).toMatch(/not valid before/)
    expect(certificateProblem("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----", new Date())).toMatch(/PEM/)
    expect(certificateProblem(current.privateKey, new Date())).toMatch(/PEM/)
  })
})
