import "reflect-metadata"
import * as x509 from "@peculiar/x509"
import { DOMParser } from "@xmldom/xmldom"
import { randomUUID, webcrypto } from "node:crypto"
import { inflateRawSync } from "node:zlib"
import { SignedXml } from "xml-crypto"

/**
 * An identity provider made in the tests: its own RSA key pair and self-signed certificate
 * (with the validity a test asks for), and SAML responses it signs with `xml-crypto` as a real
 * one would (enveloped signature over the assertion, exclusive c14n, RSA-SHA256).
 */
x509.cryptoProvider.set(webcrypto as unknown as Crypto)

const ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }
const DAY = 24 * 60 * 60 * 1000

export interface TestIdp {
  readonly entityID: string
  readonly certificate: string
  readonly privateKey: string
}

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64").replace(/(.{64})/g, "$1\n").trim()}\n-----END ${label}-----\n`

export const makeIdp = async (
  options: { readonly entityID?: string; readonly notBefore?: Date; readonly notAfter?: Date } = {}
): Promise<TestIdp> => {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: "CN=Test identity provider",
    notBefore: options.notBefore ?? new Date(Date.now() - DAY),
    notAfter: options.notAfter ?? new Date(Date.now() + 30 * DAY),
    signingAlgorithm: ALGORITHM,
    keys
  })
  return {
    entityID: options.entityID ?? `https://idp.test/${randomUUID()}`,
    certificate: certificate.toString("pem"),
    privateKey: pem("PRIVATE KEY", await webcrypto.subtle.exportKey("pkcs8", keys.privateKey))
  }
}

/** The `ID` of the AuthnRequest a start URL's `SAMLRequest` carries (deflated, base64). */
export const authnRequestOf = (location: string): { readonly id: string; readonly destination: string } => {
  const url = new URL(location)
  const xml = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest")!, "base64")).toString("utf8")
  const request = new DOMParser().parseFromString(xml, "text/xml").documentElement!
  return { id: request.getAttribute("ID")!, destination: `${url.origin}${url.pathname}` }
}

export interface AssertionOptions {
  readonly idp: TestIdp
  /** The service provider's entity ID (the audience) and ACS URL (the recipient). */
  readonly audience: string
  readonly recipient: string
  readonly inResponseTo: string
  readonly email: string
  readonly displayName?: string
  /** Default: now, and five minutes from now. */
  readonly notBefore?: Date
  readonly notOnOrAfter?: Date
  /** Signs with this key instead of the identity provider's (a forgery). */
  readonly signingKey?: string
}

const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** An unsigned `<saml:Assertion>` (with its namespace declared) for `options`. */
export const assertionXml = (options: AssertionOptions, id = `_a${randomUUID()}`): string => {
  const issued = new Date()
  const notBefore = (options.notBefore ?? new Date(issued.getTime() - 1000)).toISOString()
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(issued.getTime() + 5 * 60_000)).toISOString()
  return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${issued.toISOString()}"><saml:Issuer>${xmlText(options.idp.entityID)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlText(options.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${xmlText(options.inResponseTo)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${xmlText(options.recipient)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${xmlText(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${issued.toISOString()}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue>${xmlText(options.displayName ?? "SSO User")}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`
}

/** Signs the element with this ID inside `xml` (enveloped, after its `Issuer`, as SAML places it). */
export const signElement = (xml: string, id: string, privateKey: string, certificate: string): string => {
  const signed = new SignedXml({
    privateKey,
    publicCert: certificate,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#"
  })
  signed.addReference({
    xpath: `//*[@ID='${id}']`,
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256"
  })
  signed.computeSignature(xml, {
    location: { reference: `//*[@ID='${id}']/*[local-name()='Issuer']`, action: "after" }
  })
  return signed.getSignedXml()
}

/** A `<samlp:Response>` around `assertion`, answering `options.inResponseTo`. */
export const responseXml = (options: AssertionOptions, assertion: string): string =>
  `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${xmlText(options.recipient)}" InResponseTo="${xmlText(options.inResponseTo)}"><saml:Issuer>${xmlText(options.idp.entityID)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`

/** What the identity provider posts to the ACS: a response whose assertion it signed, base64. */
export const signedResponse = (options: AssertionOptions): string => {
  const id = `_a${randomUUID()}`
  const assertion = signElement(assertionXml(options, id), id, options.signingKey ?? options.idp.privateKey, options.idp.certificate)
  return Buffer.from(responseXml(options, assertion)).toString("base64")
}

/**
 * Signature wrapping: the genuine signed assertion (for `genuine`) hidden in the response's
 * `Extensions`, and an unsigned one for `forged` (another e-mail) where a reader looks first.
 */
export const wrappedResponse = (genuine: AssertionOptions, forgedEmail: string): string => {
  const id = `_a${randomUUID()}`
  const signed = signElement(assertionXml(genuine, id), id, genuine.idp.privateKey, genuine.idp.certificate)
  const forged = assertionXml({ ...genuine, email: forgedEmail }, id)
  const response = responseXml(genuine, forged).replace(
    "<samlp:Status>",
    `<samlp:Extensions>${signed}</samlp:Extensions><samlp:Status>`
  )
  return Buffer.from(response).toString("base64")
}
