import { Access } from "../policy/Access.js"
import { Effect, Option } from "effect"
import { Actor } from "../policy/Actor.js"
import { unrestricted } from "../policy/Authorized.js"
import { NotFound } from "../shared/errors.js"
import type { OrganizationId, SiteId } from "../shared/ids.js"
import { validate } from "../shared/validation.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import { verifyVisitorToken } from "./adaptive/index.js"
import { defaultCustomizations } from "./customizations.js"
import { PublishedQuery } from "./inputs.js"
import { renderSite, renderStructure, type StructureView } from "./render.js"
import type { PublishedContentSite } from "./Site.js"
import { siteLevel, sitePermissions } from "./sitePermissions.js"
import { makeSiteSupport } from "./siteSupport.js"
import { admitVisitor, shownTo } from "./visitorAccess.js"

/**
 * A site as its readers see it (`getPublishedContentSite`). Members whose level shows the site
 * read it published or not, every section and site space (with a visitor token, as that visitor).
 * Anyone else with an API token reads a published site only, as its visibility says: `public` and
 * `unlisted` to all, `share-link` with an active share key, `visitor-auth` with a visitor JWT signed
 * with the site's key; sections and site spaces whose condition the visitor's claims do not meet
 * are left out. Whatever a reader may not read is `NotFound`, but a missing or bad visitor token
 * is `Unauthorized`.
 */
export class PublishedSites extends Effect.Service<PublishedSites>()("@quire/core/PublishedSites", {
  effect: Effect.gen(function* () {
    const support = yield* makeSiteSupport
    const { sites } = support
    const members = yield* MemberRepository

    /** Who the reader is on this site: a member (claims only with a token), or a visitor the visibility admits. */
    const readerOf = (site: SiteRecord, query: PublishedQuery) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        const member = Option.filter(yield* members.find(site.organizationId, actor.id), (m) => !m.disabled)
        const level = siteLevel(Option.getOrUndefined(member), site)
        if (Option.isSome(member) && sitePermissions(level).view) {
          const claims = query.visitorToken === undefined ? undefined : yield* verifyVisitorToken(query.visitorToken, { key: site.visitorKey, siteId: site.id })
          return { member: member.value, level, claims }
        }
        return { member: undefined, level, claims: yield* admitVisitor(sites, site, query) }
      })

    const read = (organizationId: OrganizationId, id: SiteId, query: PublishedQuery) =>
      unrestricted(
        "a published site is read by its audience: the site's visibility, a share key or a visitor token decides, not a membership",
        Effect.gen(function* () {
          const valid = yield* validate(PublishedQuery)(query)
          const site = yield* Effect.flatMap(sites.findById(id), (found) =>
            Option.isSome(found) && found.value.organizationId === organizationId ? Effect.succeed(found.value) : Effect.fail(NotFound.of("Site", id))
          )
          const reader = yield* readerOf(site, valid)
          const structure = yield* support.loadStructure(site)
          const [spaces, address, counted] = yield* Effect.all([
            support.spacesOf(site, structure, reader.member),
            support.address(site, valid.shareKey),
            sites.countSiteSpaces([site.id])
          ])
          const view: StructureView = {
            address,
            site,
            structure,
            spaces,
            shown: reader.claims === undefined ? () => true : shownTo(reader.claims)
          }
          return {
            object: "published-content-site",
            site: renderSite(address, site, sitePermissions(reader.level), counted.get(site.id) ?? 0),
            structure: renderStructure(view),
            customizations: { site: defaultCustomizations(site.title), siteSpaces: {} },
            scripts: []
          } satisfies PublishedContentSite
        })
      )

    return { read }
  }),
  dependencies: [Access.Default]
}) {}
