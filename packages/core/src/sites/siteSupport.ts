import { Effect, Option } from "effect"
import { Access } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { contentLevel, spacePermissions } from "../policy/Policy.js"
import { renderSpace } from "../spaces/render.js"
import type { Space } from "../spaces/Space.js"
import { makeSpaceCounts } from "../spaces/spaceCounts.js"
import { InvalidInput } from "../shared/errors.js"
import type { SpaceId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { CommentRepository } from "../storage/comments/CommentRepository.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import { SiteRepository } from "../storage/sites/SiteRepository.js"
import type { SiteSectionRecord, SiteSpaceRecord } from "../storage/sites/SiteStructureRecords.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import type { SiteAddress, StructureView } from "./render.js"
import { makeSiteGrants } from "./siteGrant.js"
import { isEmptyChange, structureChange } from "./structure/diff.js"
import type { Structure } from "./structure/Structure.js"

/**
 * What the site services share: the site grant, a site's structure loaded and written as one
 * value, its spaces rendered for a reader, its addresses, and its events.
 */
export const makeSiteSupport = Effect.gen(function* () {
  const access = yield* Access
  const sites = yield* SiteRepository
  const spaces = yield* SpaceRepository
  const organizations = yield* OrganizationRepository
  const events = yield* Events
  const urls = yield* Urls
  const counts = makeSpaceCounts(yield* CommentRepository)
  const grant = makeSiteGrants(access, sites)

  const loadStructure = (site: SiteRecord) =>
    Effect.map(
      sites.structure(site.id),
      (rows): Structure => ({
        ...rows,
        siteId: site.id,
        defaultSectionId: site.defaultSectionId,
        defaultSiteSpaceId: site.defaultSiteSpaceId
      })
    )

  const appendEvent = (type: EventType, site: SiteRecord, payload: Record<string, string | boolean | null> = {}) =>
    Effect.gen(function* () {
      const actor = yield* Actor
      yield* events.append({
        type,
        organizationId: site.organizationId,
        spaceId: null,
        actor: actor.id,
        at: yield* now,
        payload: { site: site.id, ...payload }
      })
    })

  /**
   * Writes what changed from `before` to `after`, and the site's pointers and `updatedAt` (so two
   * commands on one site's structure always conflict, and one of them retries on the new state).
   */
  const commitStructure = (site: SiteRecord, before: Structure, after: Structure) =>
    Effect.gen(function* () {
      const change = structureChange(before, after)
      const samePointers = before.defaultSectionId === after.defaultSectionId && before.defaultSiteSpaceId === after.defaultSiteSpaceId
      if (isEmptyChange(change) && samePointers) return site
      if (!isEmptyChange(change)) yield* sites.writeStructure(site.id, change)
      const next: SiteRecord = {
        ...site,
        defaultSectionId: after.defaultSectionId,
        defaultSiteSpaceId: after.defaultSiteSpaceId,
        updatedAt: yield* now
      }
      yield* sites.update(next)
      yield* appendEvent("site.structure_changed", next)
      return next
    })

  const addressOf = (organizationId: SiteRecord["organizationId"], shareKey?: string) =>
    Effect.map(
      organizations.findById(organizationId),
      (org): SiteAddress => ({ urls, hostname: Option.match(org, { onNone: () => null, onSome: (o) => o.hostname }), shareKey })
    )
  const address = (site: SiteRecord, shareKey?: string) => addressOf(site.organizationId, shareKey)

  /**
   * The live spaces of the organization a structure names, rendered with `member`'s permissions
   * (none for a visitor). A deleted space, or one moved to another organization, is absent: its
   * site spaces are not shown until it comes back.
   */
  const spacesOf = (site: SiteRecord, structure: Structure, member: MemberRecord | undefined) =>
    Effect.gen(function* () {
      const ids = [...new Set(structure.siteSpaces.map((x) => x.spaceId))]
      const records = []
      for (const id of ids) {
        const found = yield* spaces.findById(id)
        if (Option.isSome(found) && found.value.deletedAt === null && found.value.organizationId === site.organizationId) {
          records.push(found.value)
        }
      }
      const countOf = yield* counts(records.map((r) => r.id))
      return new Map<string, Space>(
        records.map((r) => [
          r.id,
          renderSpace(urls, r, spacePermissions(contentLevel(member, r.resolvedLevel), r.editMode), countOf(r.id))
        ])
      )
    })

  /** The view a member has: every section and site space of a live space. */
  const memberView = (site: SiteRecord, member: MemberRecord, shareKey?: string) =>
    Effect.gen(function* () {
      const structure = yield* loadStructure(site)
      const [spacesById, siteAddress] = yield* Effect.all([spacesOf(site, structure, member), address(site, shareKey)])
      return {
        address: siteAddress,
        site,
        structure,
        spaces: spacesById,
        shown: (_: SiteSectionRecord | SiteSpaceRecord) => true
      } satisfies StructureView
    })

  /**
   * A space a structure command names: one the caller can view, of the site's organization, not
   * deleted. Anything else is a bad `field` (a space the caller may not see reads as missing).
   */
  const spaceToAdd = (site: SiteRecord, spaceId: string, field: string) =>
    Effect.gen(function* () {
      const missing = () => InvalidInput.of(field, `space "${spaceId}" was not found in this organization`)
      const space = yield* access.space(spaceId as SpaceId).pipe(Effect.mapError(missing))
      if (space.record.organizationId !== site.organizationId) return yield* Effect.fail(missing())
      if (space.record.deletedAt !== null) return yield* Effect.fail(InvalidInput.of(field, `space "${spaceId}" is deleted`))
      return space.record
    })

  return { access, sites, grant, loadStructure, commitStructure, appendEvent, address, addressOf, spacesOf, memberView, spaceToAdd }
})
