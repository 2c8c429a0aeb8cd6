import { Effect, Option } from "effect"
import { type Access, ensureNeed, type Need } from "../policy/Access.js"
import type { Grant } from "../policy/Grant.js"
import { NotFound } from "../shared/errors.js"
import type { OrganizationId, SiteId } from "../shared/ids.js"
import type { MemberRole } from "../shared/role.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import type { SiteRepository } from "../storage/sites/SiteRepository.js"
import type { SitePermissions } from "./Site.js"
import { siteLevel, sitePermissions } from "./sitePermissions.js"

export type SiteGrant = Grant<SiteRecord, MemberRole | undefined, SitePermissions>

/**
 * A site of the organization that the caller, a member of it, can view, with one site permission
 * ensured. A site of another organization, or one the caller's level does not show, is `NotFound`.
 */
export const makeSiteGrants =
  (access: Access, sites: SiteRepository["Type"]) =>
  (organizationId: OrganizationId, id: SiteId, ...need: Need<SitePermissions>) =>
    Effect.gen(function* () {
      const { member } = yield* access.membership(organizationId)
      const found = yield* sites.findById(id)
      const record = Option.getOrUndefined(found)
      const level = record === undefined ? undefined : siteLevel(member, record)
      const permissions = sitePermissions(level)
      if (record === undefined || record.organizationId !== organizationId || !permissions.view) {
        return yield* Effect.fail(NotFound.of("Site", id))
      }
      yield* ensureNeed(permissions, need)
      return { record, member, level, permissions } satisfies SiteGrant
    })
