import { Effect, Option } from "effect"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict, NotFound } from "../shared/errors.js"
import { makeId, type OrganizationId, type SiteId, type SiteSectionId, type SiteSpaceId, type SpaceId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { validate } from "../shared/validation.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { type SiteRecord, siteSortKey } from "../storage/sites/SiteRecord.js"
import { Storage } from "../storage/Storage.js"
import { checkAdaptiveSchema, storedAdaptiveSchema } from "./adaptive/index.js"
import { newSite } from "./newSite.js"
import { CreateSiteInput, ListSitesQuery, UpdateAdaptiveSchemaInput, UpdateSiteInput } from "./inputs.js"
import { renderSite } from "./render.js"
import type { SiteAdaptiveSchema } from "./Site.js"
import { siteLevel, sitePermissions } from "./sitePermissions.js"
import { makeSiteSupport } from "./siteSupport.js"
import { addSiteSpace, setDefaults } from "./structure/transitions.js"
import { emptyStructure } from "./structure/Structure.js"

/**
 * Docs sites of an organization: create, read, list, change, publish and delete them, and their
 * adaptive schema. Members see the sites their level shows (`sitePermissions`); structure lives in
 * `SiteStructures`, share links in `SiteShareLinks`, the reader's view in `PublishedSites`.
 */
export class Sites extends Effect.Service<Sites>()("@quire/core/Sites", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const organizations = yield* OrganizationRepository
    const support = yield* makeSiteSupport
    const { sites } = support
    const command = authorizedCommand(yield* Storage)

    const render = (site: SiteRecord, permissions: ReturnType<typeof sitePermissions>) =>
      Effect.gen(function* () {
        const [address, counted] = yield* Effect.all([support.address(site), sites.countSiteSpaces([site.id])])
        return renderSite(address, site, permissions, counted.get(site.id) ?? 0)
      })

    const list = (organizationId: OrganizationId, query: ListSitesQuery, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(ListSitesQuery)(query)
          const keyset = yield* toKeyset(request)
          const { member } = yield* access.membership(organizationId)
          // A site's level is the member's role capped by its default level (`siteLevel`): guests
          // see no site, admins every site, other members those open to members.
          const slice =
            member.role === null
              ? { rows: [], count: 0 }
              : yield* sites.list(
                  organizationId,
                  {
                    title: valid.title,
                    published: valid.published,
                    spaceId: valid.space as SpaceId | undefined,
                    onlyOpenToMembers: member.role !== "admin"
                  },
                  keyset
                )
          const page = toPage(keyset, slice, siteSortKey, (row) => row)
          const [counted, address] = yield* Effect.all([
            sites.countSiteSpaces(page.items.map((s) => s.id)),
            support.addressOf(organizationId)
          ])
          return { ...page, items: page.items.map((row) => renderSite(address, row, sitePermissions(siteLevel(member, row)), counted.get(row.id) ?? 0)) }
        })
      )

    const create = (organizationId: OrganizationId, input: CreateSiteInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateSiteInput)(input)
          const grant = yield* access.organization(organizationId, "createContent", "create sites in this organization")
          const at = yield* now
          let site: SiteRecord = yield* newSite(sites, { organizationId, title: valid.title, type: valid.type, visibility: valid.visibility, at })
          yield* sites.insert(site)
          let structure = emptyStructure(site.id)
          for (const [i, spaceId] of (valid.spaces ?? []).entries()) {
            const space = yield* support.spaceToAdd(site, spaceId, `spaces[${i}]`)
            const added = yield* addSiteSpace(structure, { id: yield* makeId<SiteSpaceId>(), spaceId: space.id, spaceTitle: space.title, at })
            structure = added.structure
          }
          if (structure.siteSpaces.length > 0) site = yield* support.commitStructure(site, emptyStructure(site.id), structure)
          yield* support.appendEvent("site.created", site)
          return yield* render(site, sitePermissions(siteLevel(grant.member, site)))
        })
      )

    const get = (organizationId: OrganizationId, id: SiteId) =>
      authorized(Effect.flatMap(support.grant(organizationId, id), (grant) => render(grant.record, grant.permissions)))

    const update = (organizationId: OrganizationId, id: SiteId, input: UpdateSiteInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSiteInput)(input)
          const grant = yield* support.grant(organizationId, id, "admin", "change this site")
          let site = grant.record
          if (valid.basename !== undefined && valid.basename !== site.basename) {
            const taken = yield* sites.findByBasename(organizationId, valid.basename)
            if (Option.isSome(taken)) {
              return yield* Effect.fail(new Conflict({ message: `Invalid value for "basename": "${valid.basename}" is used by another site` }))
            }
          }
          if (valid.defaultSiteSection !== undefined || valid.defaultSiteSpace !== undefined) {
            const before = yield* support.loadStructure(site)
            const after = yield* setDefaults(before, {
              defaultSiteSection: valid.defaultSiteSection as SiteSectionId | undefined,
              defaultSiteSpace: valid.defaultSiteSpace as SiteSpaceId | undefined
            })
            site = yield* support.commitStructure(site, before, after)
          }
          site = {
            ...site,
            title: valid.title ?? site.title,
            visibility: valid.visibility ?? site.visibility,
            basename: valid.basename ?? site.basename,
            adaptiveContent: valid.adaptiveContent?.enabled ?? site.adaptiveContent,
            defaultLevel: valid.defaultLevel !== undefined ? valid.defaultLevel : site.defaultLevel,
            proxy: valid.proxy !== undefined ? valid.proxy : site.proxy,
            updatedAt: yield* now
          }
          yield* sites.update(site)
          yield* support.appendEvent("site.updated", site)
          return yield* render(site, sitePermissions(siteLevel(grant.member, site)))
        })
      )

    /** Deletes the site with its structure and share links; the organization's default content, if it was this site, is cleared. */
    const remove = (organizationId: OrganizationId, id: SiteId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* support.grant(organizationId, id, "admin", "delete this site")
          yield* sites.delete(id)
          const org = yield* organizations.findById(organizationId)
          if (Option.isSome(org) && org.value.defaultContentSite === id) {
            yield* organizations.update({ ...org.value, defaultContentSite: null, updatedAt: yield* now })
          }
          yield* support.appendEvent("site.deleted", grant.record)
          return true
        })
      )

    const setPublished = (organizationId: OrganizationId, id: SiteId, published: boolean) =>
      command(
        Effect.gen(function* () {
          const grant = yield* support.grant(organizationId, id, "admin", published ? "publish this site" : "unpublish this site")
          if (published) {
            const counted = yield* sites.countSiteSpaces([id])
            if ((counted.get(id) ?? 0) === 0) {
              return yield* Effect.fail(new Conflict({ message: `Site "${id}" has no space to publish; add one first` }))
            }
          }
          const site = { ...grant.record, published, updatedAt: yield* now }
          yield* sites.update(site)
          yield* support.appendEvent(published ? "site.published" : "site.unpublished", site)
          return yield* render(site, grant.permissions)
        })
      )

    const renderSchema = (site: SiteRecord): SiteAdaptiveSchema | undefined =>
      site.adaptiveSchema === null
        ? undefined
        : { object: "site-adaptive-schema", jsonSchema: JSON.parse(site.adaptiveSchema.document), updatedAt: site.adaptiveSchema.updatedAt }

    const getAdaptiveSchema = (organizationId: OrganizationId, id: SiteId) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* support.grant(organizationId, id, "viewAdaptiveSchema", "view this site's adaptive schema")
          const schema = renderSchema(grant.record)
          return schema ?? (yield* Effect.fail(new NotFound({ message: `Site "${id}" has no adaptive schema` })))
        })
      )

    const updateAdaptiveSchema = (organizationId: OrganizationId, id: SiteId, input: UpdateAdaptiveSchemaInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateAdaptiveSchemaInput)(input)
          yield* checkAdaptiveSchema(valid.jsonSchema, "jsonSchema")
          const grant = yield* support.grant(organizationId, id, "editAdaptiveSchema", "change this site's adaptive schema")
          const at = yield* now
          const document = JSON.stringify(storedAdaptiveSchema(valid.jsonSchema as Record<string, unknown>))
          const site = { ...grant.record, adaptiveSchema: { document, updatedAt: at }, updatedAt: at }
          yield* sites.update(site)
          yield* support.appendEvent("site.updated", site, { adaptiveSchema: true })
          return renderSchema(site)!
        })
      )

    return {
      list,
      create,
      get,
      update,
      remove,
      publish: (organizationId: OrganizationId, id: SiteId) => setPublished(organizationId, id, true),
      unpublish: (organizationId: OrganizationId, id: SiteId) => setPublished(organizationId, id, false),
      getAdaptiveSchema,
      updateAdaptiveSchema
    }
  }),
  dependencies: [Access.Default]
}) {}

