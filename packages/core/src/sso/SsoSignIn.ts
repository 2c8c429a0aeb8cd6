import { Effect, Either, Option } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { unrestricted } from "../policy/Authorized.js"
import { Forbidden, InvalidInput, NotFound, Unauthorized } from "../shared/errors.js"
import { isHttpUrl } from "../shared/httpUrl.js"
import { makeId, randomId, type SamlProviderId, type UserId } from "../shared/ids.js"
import { addMillis, now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { SamlRepository } from "../storage/saml/SamlRepository.js"
import { Storage } from "../storage/Storage.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { TokenRepository } from "../storage/tokens/TokenRepository.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { UserRepository } from "../storage/users/UserRepository.js"
import { hashToken, issueTokenSecret } from "../tokens/ApiTokens.js"
import { renderUser } from "../users/render.js"
import { assertionIdentity } from "./assertionIdentity.js"
import { authorizeUrl, refused, serviceProviderMetadata, validatePostResponse } from "./samlProtocol.js"
import { isActive, serviceProviderUrls } from "./serviceProvider.js"
import { SsoReturnOrigins } from "./SsoReturnOrigins.js"

/** How long an AuthnRequest may be answered. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000
/** How long a hand-off code may be exchanged for a token. */
export const SSO_HANDOFF_TTL_MS = 5 * 60_000

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex")

/**
 * Signing in through an organization's SAML identity provider (SP-initiated, HTTP-Redirect
 * then HTTP-POST): `start` sends the browser to the provider with an AuthnRequest whose id is
 * kept; `consume` checks the provider's answer and admits its subject; `exchange` turns the
 * one-time hand-off code into an API token. No caller is authenticated: the signed assertion
 * (then the code) is the permission.
 */
export class SsoSignIn extends Effect.Service<SsoSignIn>()("@quire/core/SsoSignIn", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const saml = yield* SamlRepository
    const users = yield* UserRepository
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const tokens = yield* TokenRepository
    const urls = yield* Urls
    const allowedOrigins = [new URL(urls.base).origin, ...(yield* SsoReturnOrigins)]

    const activeProvider = (id: SamlProviderId) =>
      unrestricted(
        "a provider's start and ACS URLs are public: they say nothing of its organization",
        Effect.flatMap(saml.findProvider(id), (found) =>
          Option.isSome(found) && isActive(found.value)
            ? Effect.succeed(found.value)
            : Effect.fail(NotFound.of("SAML provider", id))
        )
      )

    const checkReturnTo = (returnTo: string | undefined) =>
      Effect.gen(function* () {
        if (returnTo === undefined || returnTo === "") return null
        if (!isHttpUrl(returnTo) || !allowedOrigins.includes(new URL(returnTo).origin)) {
          return yield* Effect.fail(
            InvalidInput.of("returnTo", `must be a URL under ${allowedOrigins.join(" or ")} (see SSO_RETURN_ORIGINS)`)
          )
        }
        return returnTo
      })

    /** The identity provider's URL the browser is sent to, with a new AuthnRequest. */
    const start = (providerId: SamlProviderId, returnTo?: string) =>
      Effect.gen(function* () {
        const checkedReturnTo = yield* checkReturnTo(returnTo)
        const provider = yield* activeProvider(providerId)
        // An XML ID is an NCName: it may not start with a digit.
        const requestId = `_${randomId()}${randomId()}`
        const at = yield* now
        yield* storage.transaction(
          unrestricted(
            "anyone may start signing in; the request only answers the provider's signed assertion",
            saml.insertRequest(
              { id: requestId, providerId, returnTo: checkedReturnTo, createdAt: at, expiresAt: addMillis(at, SAML_REQUEST_TTL_MS) },
              at
            )
          )
        )
        return yield* authorizeUrl(provider, serviceProviderUrls(urls, providerId), requestId)
      })

    /**
     * Admits the subject of a valid `SAMLResponse`: found or made by e-mail, a member with the
     * provider's default role (and team) if it was not, marked `sso`. Answers a one-time code.
     */
    const consume = (providerId: SamlProviderId, samlResponse: string) =>
      Effect.gen(function* () {
        const provider = yield* activeProvider(providerId)
        const sp = serviceProviderUrls(urls, providerId)
        const profile = yield* validatePostResponse(provider, sp, samlResponse)
        const identity = assertionIdentity(profile, { issuer: provider.entityID, acsURL: sp.acsURL }, yield* Effect.clockWith((c) => c.currentTimeMillis))
        if (Either.isLeft(identity)) return yield* Effect.fail(refused(identity.left))
        const { email, displayName, inResponseTo } = identity.right
        const code = `quire_sso_${randomBytes(30).toString("base64url")}`
        const newUserId = yield* makeId<UserId>()
        const admitted = yield* storage.transaction(
          unrestricted(
            "an assertion signed by the organization's identity provider admits its subject",
            Effect.gen(function* () {
              const at = yield* now
              const request = yield* saml.takeRequest(providerId, inResponseTo, at)
              if (Option.isNone(request)) {
                return yield* Effect.fail(
                  refused("it answers no pending request of this provider (unknown, expired or already used)")
                )
              }
              const current = yield* saml.findProvider(providerId)
              if (Option.isNone(current)) return yield* Effect.fail(NotFound.of("SAML provider", providerId))
              const organizationId = current.value.organizationId
              const user = yield* Effect.flatMap(users.findByEmail(email), (found) =>
                Option.match(found, {
                  onSome: Effect.succeed,
                  onNone: () => {
                    const record: UserRecord = { id: newUserId, displayName, email, photoURL: null, createdAt: at }
                    return Effect.as(users.insert(record), record)
                  }
                })
              )
              const member = yield* members.find(organizationId, user.id)
              if (Option.isNone(member)) {
                yield* members.insert({
                  organizationId,
                  userId: user.id,
                  role: current.value.defaultRole,
                  disabled: false,
                  sso: true,
                  joinedAt: at,
                  lastSeenAt: null
                })
                const teamId = current.value.defaultTeamId
                if (teamId !== null && Option.isSome(yield* teams.find(organizationId, teamId))) {
                  yield* teams.upsertMember({ teamId, userId: user.id, role: "member" })
                }
              } else if (member.value.disabled) {
                return yield* Effect.fail(
                  new Forbidden({ message: "Your membership of this organization was disabled by its admins" })
                )
              } else if (!member.value.sso) {
                yield* members.update({ ...member.value, sso: true })
              }
              const expiresAt = addMillis(at, SSO_HANDOFF_TTL_MS)
              yield* saml.insertHandoff(
                { codeHash: hashCode(code), providerId, organizationId, userId: user.id, createdAt: at, expiresAt },
                at
              )
              return { organizationId, user, expiresAt, returnTo: request.value.returnTo }
            })
          )
        )
        return { code, ...admitted }
      })

    /** An API token for the user a hand-off code admitted: once, before it expires. */
    const exchange = (code: string) =>
      Effect.gen(function* () {
        const secret = issueTokenSecret()
        return yield* storage.transaction(
          unrestricted(
            "the hand-off code is the permission",
            Effect.gen(function* () {
              const at = yield* now
              const handoff = yield* saml.takeHandoff(hashCode(code), at)
              if (Option.isNone(handoff)) {
                return yield* Effect.fail(
                  new Unauthorized({ message: "The sign-in code is unknown, expired or already used" })
                )
              }
              const user = yield* users.findById(handoff.value.userId)
              if (Option.isNone(user)) {
                return yield* Effect.fail(new Unauthorized({ message: "The signed-in user no longer exists" }))
              }
              yield* tokens.insert({
                hash: hashToken(secret),
                userId: user.value.id,
                label: `sso:${handoff.value.providerId}`,
                createdAt: at
              })
              return {
                object: "sso-token" as const,
                token: secret,
                organization: handoff.value.organizationId,
                user: renderUser(urls, user.value)
              }
            })
          )
        )
      })

    /** Quire's SAML metadata for this provider, to configure the identity provider with. */
    const metadata = (providerId: SamlProviderId) =>
      Effect.map(activeProvider(providerId), (provider) =>
        serviceProviderMetadata(provider, serviceProviderUrls(urls, providerId))
      )

    return { start, consume, exchange, metadata } as const
  })
}) {}
