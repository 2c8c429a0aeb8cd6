import type * as NodeSaml from "@node-saml/node-saml"
import { Effect } from "effect"
import { Unauthorized } from "../shared/errors.js"
import { lazyRequire } from "../shared/lazyRequire.js"
import type { ActiveSamlProvider, ServiceProviderUrls } from "./serviceProvider.js"

const nodeSaml = lazyRequire<typeof NodeSaml>("@node-saml/node-saml")

/** How far the identity provider's clock may be from ours (`NotBefore`, `NotOnOrAfter`). */
export const SAML_CLOCK_SKEW_MS = 60_000

const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"

/**
 * node-saml configured for one identity provider and Quire as its service provider: the
 * assertion must be signed by the provider's certificate (a signed response alone does not do),
 * issued by its entity ID, for Quire's entity ID as audience, within its time conditions.
 * `InResponseTo` and the recipient are checked after it (`checkAssertion`): node-saml's own
 * request cache is not shared between processes, the storage's is.
 */
const samlFor = (provider: ActiveSamlProvider, sp: ServiceProviderUrls, requestId?: string) =>
  new (nodeSaml().SAML)({
    idpCert: provider.certificate,
    idpIssuer: provider.entityID,
    issuer: sp.entityID,
    audience: sp.entityID,
    callbackUrl: sp.acsURL,
    entryPoint: provider.ssoURL,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    identifierFormat: EMAIL_NAME_ID,
    disableRequestedAuthnContext: true,
    validateInResponseTo: nodeSaml().ValidateInResponseTo.never,
    ...(requestId === undefined ? {} : { generateUniqueId: () => requestId })
  })

/** The identity provider's SSO URL carrying a deflated AuthnRequest with this id (HTTP-Redirect binding). */
export const authorizeUrl = (provider: ActiveSamlProvider, sp: ServiceProviderUrls, requestId: string) =>
  Effect.promise(() => samlFor(provider, sp, requestId).getAuthorizeUrlAsync("", undefined, {}))

/** Quire's service provider metadata for this identity provider (what its admin configures it from). */
export const serviceProviderMetadata = (provider: ActiveSamlProvider, sp: ServiceProviderUrls): string =>
  samlFor(provider, sp).generateServiceProviderMetadata(null, null)

export const refused = (reason: string) => new Unauthorized({ message: `The SAML response was refused: ${reason}` })

/** The profile of a `SAMLResponse` (base64, HTTP-POST binding) whose assertion passes node-saml's checks. */
export const validatePostResponse = (provider: ActiveSamlProvider, sp: ServiceProviderUrls, samlResponse: string) =>
  Effect.flatMap(
    Effect.tryPromise({
      try: () => samlFor(provider, sp).validatePostResponseAsync({ SAMLResponse: samlResponse }),
      catch: (error) => refused(error instanceof Error ? error.message : "it could not be read")
    }),
    ({ profile }) => (profile === null ? Effect.fail(refused("it holds no assertion")) : Effect.succeed(profile))
  )
