import { Effect, Option } from "effect"
import { Access } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand, unrestricted } from "../policy/Authorized.js"
import { organizationPermissions } from "../policy/Policy.js"
import { Conflict, InvalidInput } from "../shared/errors.js"
import { makeId, type OrganizationId, type SiteId, type UserId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import type { OrganizationRecord } from "../storage/organizations/OrganizationRecord.js"
import { OrganizationRepository, organizationSortKey } from "../storage/organizations/OrganizationRepository.js"
import { SamlRepository } from "../storage/saml/SamlRepository.js"
import { SiteRepository } from "../storage/sites/SiteRepository.js"
import { SAML_PROVIDERS_MAX } from "../sso/inputs.js"
import { isActive } from "../sso/serviceProvider.js"
import { Storage } from "../storage/Storage.js"
import { newSite } from "../sites/newSite.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { CreateOrganizationInput, UpdateOrganizationInput } from "./inputs.js"
import { renderOrganization } from "./render.js"

const normalizeDomains = (domains: ReadonlyArray<string>) => [...new Set(domains.map((d) => d.toLowerCase()))]

export class Organizations extends Effect.Service<Organizations>()("@quire/core/Organizations", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const organizations = yield* OrganizationRepository
    const saml = yield* SamlRepository
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const urls = yield* Urls
    const sites = yield* SiteRepository

    const command = authorizedCommand(storage)

    /** `record` as the caller sees it, from the caller's own membership (if any) of it. */
    const renderForCaller = (record: OrganizationRecord, userId: UserId) =>
      Effect.gen(function* () {
        const member = yield* members.find(record.id, userId)
        const ownsTeam = yield* teams.ownsAny(record.id, userId)
        return renderOrganization(urls, record, organizationPermissions(Option.getOrUndefined(member), ownsTeam))
      })

    /** The creator becomes the organization's first admin. */
    /** With `withDefaultSite`, the organization starts with a site (unpublished, empty), which is its default content. */
    const create = (input: CreateOrganizationInput, options: { readonly withDefaultSite?: boolean | undefined } = {}) =>
      unrestricted(
        "any signed-in user may create an organization: there is no resource to ask yet",
        Effect.gen(function* () {
          const actor = yield* Actor
          const valid = yield* validate(CreateOrganizationInput)(input)
          const id = yield* makeId<OrganizationId>()
          const at = yield* now
          const record: OrganizationRecord = {
            id,
            title: valid.title,
            createdAt: at,
            updatedAt: at,
            emailDomains: normalizeDomains(valid.emailDomains ?? []),
            hostname: null,
            type: "business",
            defaultRole: "read",
            defaultContentSite: null,
            logo: null,
            sso: false,
            ai: false,
            inviteLinks: true
          }
          const member = {
            organizationId: id,
            userId: actor.id,
            role: "admin" as const,
            disabled: false,
            sso: false,
            joinedAt: at,
            lastSeenAt: null
          }
          const created = yield* storage.transaction(
            Effect.gen(function* () {
              yield* organizations.insert(record)
              yield* members.insert(member)
              if (!options.withDefaultSite) return record
              const site = yield* newSite(sites, { organizationId: id, at })
              yield* sites.insert(site)
              const withSite = { ...record, defaultContentSite: site.id }
              yield* organizations.update(withSite)
              return withSite
            })
          )
          return renderOrganization(urls, created, organizationPermissions(member, false))
        })
      )

    const get = (id: OrganizationId) =>
      authorized(Effect.map(access.organization(id), (grant) => renderOrganization(urls, grant.record, grant.permissions)))

    const update = (id: OrganizationId, input: UpdateOrganizationInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateOrganizationInput)(input)
          const grant = yield* access.organization(id, "admin", "update this organization")
          if (valid.defaultContent) {
            const site = yield* sites.findById(valid.defaultContent.site as SiteId)
            if (Option.isNone(site) || site.value.organizationId !== id) {
              return yield* Effect.fail(
                InvalidInput.of("defaultContent.site", `site "${valid.defaultContent.site}" does not exist in this organization`)
              )
            }
          }
          const current = grant.record
          if (valid.sso === true && !current.sso) {
            const providers = yield* saml.listProviders(id, { after: undefined, limit: SAML_PROVIDERS_MAX })
            if (!providers.rows.some(isActive)) {
              return yield* Effect.fail(
                InvalidInput.of("sso", "needs an active SAML provider first (with its entityID, ssoURL and certificate)")
              )
            }
          }
          if (valid.hostname !== undefined && valid.hostname !== current.hostname) {
            const taken = yield* organizations.findByHostname(valid.hostname)
            if (Option.isSome(taken)) {
              return yield* Effect.fail(new Conflict({ message: `Hostname "${valid.hostname}" is already in use` }))
            }
          }
          const next: OrganizationRecord = {
            ...current,
            title: valid.title ?? current.title,
            emailDomains: valid.emailDomains ? normalizeDomains(valid.emailDomains) : current.emailDomains,
            hostname: valid.hostname ?? current.hostname,
            defaultRole: valid.defaultRole !== undefined ? valid.defaultRole : current.defaultRole,
            defaultContentSite: valid.defaultContent === undefined ? current.defaultContentSite : (valid.defaultContent?.site ?? null),
            logo: valid.logo !== undefined ? valid.logo : current.logo,
            sso: valid.sso ?? current.sso,
            ai: valid.ai ?? current.ai,
            inviteLinks: valid.inviteLinks ?? current.inviteLinks,
            updatedAt: yield* now
          }
          yield* organizations.update(next)
          return renderOrganization(urls, next, grant.permissions)
        })
      )

    /** Organizations the caller belongs to. */
    const listMine = (request: PageRequest) =>
      unrestricted(
        "the caller's own organizations: the query selects only those it is a member of",
        Effect.gen(function* () {
          const actor = yield* Actor
          const keyset = yield* toKeyset(request)
          const slice = yield* organizations.listForUser(actor.id, keyset)
          const rendered = yield* Effect.forEach(slice.rows, (record) => renderForCaller(record, actor.id))
          const byId = new Map(rendered.map((o) => [o.id, o]))
          return toPage(keyset, slice, organizationSortKey, (r) => byId.get(r.id)!)
        })
      )

    /**
     * Organizations that claim an e-mail domain, so a newcomer can find where to ask to join.
     * Only a caller whose own address is in that domain sees them: no one learns of
     * organizations by guessing domains.
     */
    const findByEmailDomain = (domain: string) =>
      unrestricted(
        "the caller's own e-mail address decides, checked before anything is read",
        Effect.gen(function* () {
          const actor = yield* Actor
          const wanted = domain.toLowerCase()
          if (actor.email.toLowerCase().split("@")[1] !== wanted) return []
          const found = yield* organizations.findByEmailDomain(wanted)
          return yield* Effect.forEach(found, (record) => renderForCaller(record, actor.id))
        })
      )

    /** Records that the caller was active in the organization just now. */
    const ping = (id: OrganizationId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.organization(id)
          yield* members.update({ ...grant.member, lastSeenAt: yield* now })
          return {} as { readonly docsVisitorClaims?: string }
        })
      )

    return { create, get, update, listMine, findByEmailDomain, ping } as const
  }),
  dependencies: [Access.Default]
}) {}
