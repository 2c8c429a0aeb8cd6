import type { UserId } from "../shared/ids.js"
import type { Timestamp } from "../shared/time.js"
import type { ChangeRequestRecord } from "../storage/change-requests/ChangeRequestRecord.js"
import type { EventType, NewEvent } from "../storage/events/EventRecord.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"

/** What a change request event says beside its ids: the status it took, or the revision it made. */
export interface ChangeRequestEventDetail {
  readonly status?: ChangeRequestRecord["status"]
  readonly revisionId?: ChangeRequestRecord["revisionId"]
}

/**
 * The event a write of a change request appends: its ids and what changed, never the record
 * (a reader loads it). `after` is the change request as the write left it.
 */
export const changeRequestEvent = (
  type: Extract<EventType, `change_request.${string}`>,
  space: SpaceRecord,
  after: ChangeRequestRecord,
  actor: UserId,
  at: Timestamp,
  detail: ChangeRequestEventDetail = {}
): NewEvent => ({
  type,
  organizationId: space.organizationId,
  spaceId: space.id,
  actor,
  at,
  payload: {
    changeRequestId: after.id,
    number: after.number,
    ...(detail.status === undefined ? {} : { status: detail.status }),
    ...(detail.revisionId === undefined ? {} : { revisionId: detail.revisionId })
  }
})

/**
 * The event of an update of the subject or status: `closed` when it archives the change
 * request, `updated` for any other change, none when it changes neither.
 */
export const changeRequestUpdateEvent = (
  space: SpaceRecord,
  before: ChangeRequestRecord,
  after: ChangeRequestRecord,
  actor: UserId,
  at: Timestamp
): NewEvent | undefined => {
  if (after.status !== before.status && after.status === "archived") {
    return changeRequestEvent("change_request.closed", space, after, actor, at, { status: after.status })
  }
  if (after.status === before.status && after.subject === before.subject) return undefined
  return changeRequestEvent("change_request.updated", space, after, actor, at, { status: after.status })
}
