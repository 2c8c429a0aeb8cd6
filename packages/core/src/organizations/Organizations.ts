import { Effect, Option } from "effect"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { Actor } from "../policy/Actor.js"
import { organizationAccess, organizationAccessFor } from "../policy/access.js"
import { organizationPermissions } from "../policy/Policy.js"
import { Conflict, InvalidInput } from "../shared/errors.js"
import { type OrganizationId, makeId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { Storage } from "../storage/Storage.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { CreateOrganizationInput, UpdateOrganizationInput } from "./inputs.js"
import type { OrganizationRecord } from "../storage/organizations/OrganizationRecord.js"
import { OrganizationRepository, organizationSortKey } from "../storage/organizations/OrganizationRepository.js"
import { renderOrganization } from "./render.js"

const normalizeDomains = (domains: ReadonlyArray<string>) => [...new Set(domains.map((d) => d.toLowerCase()))]

export class Organizations extends Effect.Service<Organizations>()("@quire/core/Organizations", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const organizations = yield* OrganizationRepository
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const urls = yield* Urls
    const deps = <A, E>(self: Effect.Effect<A, E, OrganizationRepository | MemberRepository | TeamRepository | Actor>) =>
      self.pipe(
        Effect.provideService(OrganizationRepository, organizations),
        Effect.provideService(MemberRepository, members),
        Effect.provideService(TeamRepository, teams)
      )

    /** The creator becomes the organization's first admin. */
    const create = (input: CreateOrganizationInput) =>
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
        yield* storage.transaction(Effect.zipRight(organizations.insert(record), members.insert(member)))
        return renderOrganization(urls, record, organizationPermissions(member, false))
      })

    const get = (id: OrganizationId) =>
      deps(
        Effect.map(organizationAccess(id), (access) => renderOrganization(urls, access.organization, access.permissions))
      )

    const update = (id: OrganizationId, input: UpdateOrganizationInput) =>
      storage.transaction(
        deps(
          Effect.gen(function* () {
            const valid = yield* validate(UpdateOrganizationInput)(input)
            const access = yield* organizationAccessFor(id, "admin", "update this organization")
            if (valid.defaultContent) {
              return yield* Effect.fail(
                InvalidInput.of("defaultContent.site", `site "${valid.defaultContent.site}" does not exist in this organization`)
              )
            }
            if (valid.hostname !== undefined && valid.hostname !== access.organization.hostname) {
              const taken = yield* organizations.findByHostname(valid.hostname)
              if (Option.isSome(taken)) {
                return yield* Effect.fail(new Conflict({ message: `Hostname "${valid.hostname}" is already in use` }))
              }
            }
            const current = access.organization
            const next: OrganizationRecord = {
              ...current,
              title: valid.title ?? current.title,
              emailDomains: valid.emailDomains ? normalizeDomains(valid.emailDomains) : current.emailDomains,
              hostname: valid.hostname ?? current.hostname,
              defaultRole: valid.defaultRole !== undefined ? valid.defaultRole : current.defaultRole,
              defaultContentSite: valid.defaultContent === null ? null : current.defaultContentSite,
              logo: valid.logo !== undefined ? valid.logo : current.logo,
              sso: valid.sso ?? current.sso,
              ai: valid.ai ?? current.ai,
              inviteLinks: valid.inviteLinks ?? current.inviteLinks,
              updatedAt: yield* now
            }
            yield* organizations.update(next)
            return renderOrganization(urls, next, access.permissions)
          })
        )
      )

    /** Organizations the caller belongs to. */
    const listMine = (request: PageRequest) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        const keyset = yield* toKeyset(request)
        const slice = yield* organizations.listForUser(actor.id, keyset)
        const rendered = yield* Effect.forEach(slice.rows, (record) =>
          Effect.gen(function* () {
            const member = yield* members.find(record.id, actor.id)
            const ownsTeam = yield* teams.ownsAny(record.id, actor.id)
            return renderOrganization(urls, record, organizationPermissions(Option.getOrUndefined(member), ownsTeam))
          })
        )
        const byId = new Map(rendered.map((o) => [o.id, o]))
        return toPage(keyset, slice, organizationSortKey, (r) => byId.get(r.id)!)
      })

    /**
     * Organizations that claim an e-mail domain, so a newcomer can find where to ask to join.
     * Only a caller whose own address is in that domain sees them: no one learns of
     * organizations by guessing domains.
     */
    const findByEmailDomain = (domain: string) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        const wanted = domain.toLowerCase()
        if (actor.email.toLowerCase().split("@")[1] !== wanted) return []
        const found = yield* organizations.findByEmailDomain(wanted)
        return yield* Effect.forEach(found, (record) =>
          Effect.gen(function* () {
            const member = yield* members.find(record.id, actor.id)
            const ownsTeam = yield* teams.ownsAny(record.id, actor.id)
            return renderOrganization(urls, record, organizationPermissions(Option.getOrUndefined(member), ownsTeam))
          })
        )
      })

    /** Records that the caller was active in the organization just now. */
    const ping = (id: OrganizationId) =>
      storage.transaction(
        deps(
          Effect.gen(function* () {
            const access = yield* organizationAccess(id)
            yield* members.update({ ...access.member, lastSeenAt: yield* now })
            return {} as { readonly docsVisitorClaims?: string }
          })
        )
      )

    return { create, get, update, listMine, findByEmailDomain, ping } as const
  })
}) {}
