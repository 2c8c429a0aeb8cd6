import { Effect, Option } from "effect"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { teamPermissions } from "../policy/Policy.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import { makeId, type OrganizationId, type SamlProviderId, type TeamId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import type { SamlProviderRecord } from "../storage/saml/SamlProviderRecord.js"
import { SamlRepository, samlProviderSortKey } from "../storage/saml/SamlRepository.js"
import { Storage } from "../storage/Storage.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { renderTeam } from "../teams/render.js"
import { certificateProblem } from "./certificate.js"
import { CreateSamlProviderInput, SAML_PROVIDERS_MAX, UpdateSamlProviderInput } from "./inputs.js"
import { renderSamlProvider, renderSsoLogin } from "./render.js"
import { isActive } from "./serviceProvider.js"

/** An organization's SAML identity providers: their settings are its admins'. */
export class SamlProviders extends Effect.Service<SamlProviders>()("@quire/core/SamlProviders", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const saml = yield* SamlRepository
    const teams = yield* TeamRepository
    const urls = yield* Urls
    const command = authorizedCommand(storage)

    const notFound = (id: string) => NotFound.of("SAML provider", id)

    /** The provider's default team as `caller` sees it, if it still exists. */
    const renderFor = (caller: MemberRecord) => (provider: SamlProviderRecord) =>
      Effect.gen(function* () {
        if (provider.defaultTeamId === null) return renderSamlProvider(urls, provider, undefined)
        const team = yield* teams.find(provider.organizationId, provider.defaultTeamId)
        if (Option.isNone(team)) return renderSamlProvider(urls, provider, undefined)
        const own = yield* teams.findMember(provider.defaultTeamId, caller.userId)
        const permissions = teamPermissions(caller, Option.getOrUndefined(own)?.role)
        return renderSamlProvider(urls, provider, renderTeam(team.value, permissions))
      })

    const findIn = (organizationId: OrganizationId, id: SamlProviderId) =>
      Effect.flatMap(saml.findProvider(id), (found) =>
        Option.isSome(found) && found.value.organizationId === organizationId
          ? Effect.succeed(found.value)
          : Effect.fail(notFound(id))
      )

    const checkTeam = (organizationId: OrganizationId, teamId: string | undefined) =>
      teamId === undefined
        ? Effect.succeed(undefined)
        : Effect.flatMap(teams.find(organizationId, teamId as TeamId), (team) =>
            Option.isSome(team)
              ? Effect.succeed(team.value.team.id)
              : Effect.fail(InvalidInput.of("defaultTeam", `team "${teamId}" was not found in this organization`))
          )

    const checkCertificate = (certificate: string | undefined) =>
      Effect.gen(function* () {
        if (certificate === undefined) return undefined
        const problem = certificateProblem(certificate, new Date(yield* now))
        return problem === undefined
          ? certificate.trim()
          : yield* Effect.fail(InvalidInput.of("certificate", problem))
      })

    const list = (organizationId: OrganizationId, page: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(page)
          const grant = yield* access.organization(organizationId, "admin", "see the SAML providers of this organization")
          const slice = yield* saml.listProviders(organizationId, keyset)
          const rendered = new Map<string, ReturnType<typeof renderSamlProvider>>()
          for (const provider of slice.rows) rendered.set(provider.id, yield* renderFor(grant.member)(provider))
          return toPage(keyset, slice, samlProviderSortKey, (provider) => rendered.get(provider.id)!)
        })
      )

    const create = (organizationId: OrganizationId, input: CreateSamlProviderInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateSamlProviderInput)(input)
          const certificate = yield* checkCertificate(valid.certificate)
          const grant = yield* access.organization(organizationId, "admin", "add SAML providers")
          const defaultTeamId = yield* checkTeam(organizationId, valid.defaultTeam)
          if ((yield* saml.countProviders(organizationId)) >= SAML_PROVIDERS_MAX) {
            return yield* Effect.fail(
              InvalidInput.of("label", `an organization has at most ${SAML_PROVIDERS_MAX} SAML providers`)
            )
          }
          const at = yield* now
          const provider: SamlProviderRecord = {
            id: yield* makeId<SamlProviderId>(),
            organizationId,
            label: valid.label,
            entityID: valid.entityID ?? null,
            ssoURL: valid.ssoURL ?? null,
            certificate: certificate ?? null,
            defaultTeamId: defaultTeamId ?? null,
            defaultRole: valid.defaultRole === undefined ? "read" : valid.defaultRole,
            createdAt: at,
            updatedAt: at
          }
          yield* saml.insertProvider(provider)
          return yield* renderFor(grant.member)(provider)
        })
      )

    const get = (organizationId: OrganizationId, id: SamlProviderId) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* access.organization(organizationId, "admin", "see the SAML providers of this organization")
          return yield* renderFor(grant.member)(yield* findIn(organizationId, id))
        })
      )

    const update = (organizationId: OrganizationId, id: SamlProviderId, input: UpdateSamlProviderInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSamlProviderInput)(input)
          const certificate = yield* checkCertificate(valid.certificate)
          const grant = yield* access.organization(organizationId, "admin", "change SAML providers")
          const current = yield* findIn(organizationId, id)
          const defaultTeamId = yield* checkTeam(organizationId, valid.defaultTeam)
          const next: SamlProviderRecord = {
            ...current,
            label: valid.label ?? current.label,
            entityID: valid.entityID ?? current.entityID,
            ssoURL: valid.ssoURL ?? current.ssoURL,
            certificate: certificate ?? current.certificate,
            defaultTeamId: defaultTeamId ?? current.defaultTeamId,
            defaultRole: valid.defaultRole === undefined ? current.defaultRole : valid.defaultRole,
            updatedAt: yield* now
          }
          yield* saml.updateProvider(next)
          return yield* renderFor(grant.member)(next)
        })
      )

    /** Whether there was such a provider to delete (deleting twice is not an error). */
    const remove = (organizationId: OrganizationId, id: SamlProviderId) =>
      command(
        Effect.gen(function* () {
          yield* access.organization(organizationId, "admin", "delete SAML providers")
          return yield* saml.deleteProvider(organizationId, id)
        })
      )

    /** The active providers as ways in, for any member (the start URLs are not secrets). */
    const logins = (organizationId: OrganizationId) =>
      authorized(
        Effect.gen(function* () {
          yield* access.organization(organizationId, "view", "see how to sign in to this organization")
          const slice = yield* saml.listProviders(organizationId, { after: undefined, limit: SAML_PROVIDERS_MAX })
          return { items: slice.rows.filter(isActive).map((provider) => renderSsoLogin(urls, provider)) }
        })
      )

    return { list, create, get, update, remove, logins } as const
  }),
  dependencies: [Access.Default]
}) {}
