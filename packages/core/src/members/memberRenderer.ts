import { Effect } from "effect"
import type { OrganizationId } from "../shared/ids.js"
import type { Urls } from "../shared/Urls.js"
import type { MemberRow } from "../storage/members/MemberRecord.js"
import type { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import type { Member } from "./Member.js"
import { renderMember } from "./render.js"

/** Only the space repository's counts are read here. */
type SpaceCounts = Pick<SpaceRepository["Type"], "count">

/**
 * Loads the organization's space counts once (all spaces, and those visible to ordinary
 * members), and gives a renderer for any number of its member rows.
 */
export const memberRenderer = (spaces: SpaceCounts, urls: Urls["Type"], organizationId: OrganizationId) =>
  Effect.map(
    Effect.all([spaces.count(organizationId, false), spaces.count(organizationId, true)]),
    ([all, visible]) =>
      (row: MemberRow): Member =>
        renderMember(urls, row, { all, visible })
  )
