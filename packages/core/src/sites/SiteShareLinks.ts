import { Access } from "../policy/Access.js"
import { Effect, Option } from "effect"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import { makeId, type OrganizationId, type ShareLinkId, type SiteId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { validate } from "../shared/validation.js"
import { type ShareLinkRecord, shareLinkSortKey } from "../storage/sites/ShareLinkRecord.js"
import { Storage } from "../storage/Storage.js"
import { CreateShareLinkInput, ListShareLinksQuery, UpdateShareLinkInput } from "./inputs.js"
import { renderShareLink } from "./render.js"
import { makeSiteSupport } from "./siteSupport.js"

/**
 * The secret links that open a `share-link` site to whoever holds one. They are the site's
 * settings: only its admins list, create, revoke (`active: false`) and delete them.
 */
export class SiteShareLinks extends Effect.Service<SiteShareLinks>()("@quire/core/SiteShareLinks", {
  effect: Effect.gen(function* () {
    const support = yield* makeSiteSupport
    const { sites } = support
    const command = authorizedCommand(yield* Storage)

    const manage = (organizationId: OrganizationId, siteId: SiteId) =>
      support.grant(organizationId, siteId, "admin", "manage this site's share links")

    const findLink = (siteId: SiteId, id: ShareLinkId) =>
      Effect.flatMap(sites.findShareLink(siteId, id), Option.match({
        onNone: () => Effect.fail(NotFound.of("Share link", id)),
        onSome: Effect.succeed
      }))

    const list = (organizationId: OrganizationId, siteId: SiteId, query: ListShareLinksQuery, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(ListShareLinksQuery)(query)
          const keyset = yield* toKeyset(request)
          const grant = yield* manage(organizationId, siteId)
          const address = yield* support.address(grant.record)
          const slice = yield* sites.listShareLinks(siteId, valid.search, keyset)
          return toPage(keyset, slice, shareLinkSortKey, (link) => renderShareLink(address, grant.record, link))
        })
      )

    const create = (organizationId: OrganizationId, siteId: SiteId, input: CreateShareLinkInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateShareLinkInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const link: ShareLinkRecord = {
            id: yield* makeId<ShareLinkId>(),
            siteId,
            name: valid.name,
            key: `${yield* makeId<string>()}${yield* makeId<string>()}`,
            active: true,
            createdAt: yield* now
          }
          yield* sites.insertShareLink(link)
          yield* support.appendEvent("site.share_links_changed", grant.record, { shareLink: link.id, active: true })
          return renderShareLink(yield* support.address(grant.record), grant.record, link)
        })
      )

    const update = (organizationId: OrganizationId, siteId: SiteId, id: ShareLinkId, input: UpdateShareLinkInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateShareLinkInput)(input)
          if (valid.active === undefined && valid.name === undefined) {
            return yield* Effect.fail(InvalidInput.of("body", "must change `active` or `name`"))
          }
          const grant = yield* manage(organizationId, siteId)
          const current = yield* findLink(siteId, id)
          const link = { ...current, active: valid.active ?? current.active, name: valid.name ?? current.name }
          yield* sites.updateShareLink(link)
          yield* support.appendEvent("site.share_links_changed", grant.record, { shareLink: link.id, active: link.active })
          return renderShareLink(yield* support.address(grant.record), grant.record, link)
        })
      )

    /** True when a link was deleted, false when there was none by that id. */
    const remove = (organizationId: OrganizationId, siteId: SiteId, id: ShareLinkId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* manage(organizationId, siteId)
          const found = yield* sites.findShareLink(siteId, id)
          if (Option.isNone(found)) return false
          yield* sites.deleteShareLink(siteId, id)
          yield* support.appendEvent("site.share_links_changed", grant.record, { shareLink: id, active: null })
          return true
        })
      )

    return { list, create, update, remove }
  }),
  dependencies: [Access.Default]
}) {}
