import { Effect, Option } from "effect"
import { type Access, ensureNeed, type Need } from "../policy/Access.js"
import type { Grant } from "../policy/Grant.js"
import type { SpacePermissions } from "../policy/permissions.js"
import { NotFound } from "../shared/errors.js"
import { extended } from "../shared/extended.js"
import type { ChangeRequestId, SpaceId } from "../shared/ids.js"
import type { MemberRole } from "../shared/role.js"
import type { ChangeRequestRecord } from "../storage/change-requests/ChangeRequestRecord.js"
import type { ChangeRequestRepository } from "../storage/change-requests/ChangeRequestRepository.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"

/** A change request, with the caller's standing on its space (a change request has no permissions of its own). */
export interface ChangeRequestGrant extends Grant<ChangeRequestRecord, MemberRole | undefined, SpacePermissions> {
  readonly space: SpaceRecord
}

/**
 * A change request of a space the caller can view (`Access.space`), by id or by its number in
 * the space, with one space permission ensured. An unknown one is `NotFound`, as is one of a
 * space the caller may not see; the permission is checked once it is found.
 */
export const makeChangeRequestGrants =
  (access: Access, changeRequests: ChangeRequestRepository["Type"]) =>
  (spaceId: SpaceId, ref: ChangeRequestId | number, ...need: Need<SpacePermissions>) =>
    Effect.gen(function* () {
      const space = yield* access.space(spaceId)
      const found = yield* typeof ref === "number" ? changeRequests.findByNumber(spaceId, ref) : changeRequests.findById(spaceId, ref)
      if (Option.isNone(found)) return yield* Effect.fail(NotFound.of("Change request", String(ref)))
      yield* ensureNeed(space.permissions, need)
      return extended(space, { record: found.value, space: space.record }) satisfies ChangeRequestGrant
    })
