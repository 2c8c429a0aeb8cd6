import type { Urls } from "../shared/Urls.js"
import type { ChangeRequestRecord } from "../storage/change-requests/ChangeRequestRecord.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { renderUser } from "../users/render.js"
import type { ChangeRequest } from "./ChangeRequest.js"
import { isActive } from "./status.js"

/** What rendering a change request needs besides its record, loaded by the service. */
export interface ChangeRequestContext {
  readonly space: SpaceRecord
  readonly createdBy: UserRecord
  readonly mergedBy: UserRecord | undefined
}

/** A draft or open change request is outdated once the space's content moved on from where it last took it. */
export const isOutdated = (record: ChangeRequestRecord, space: SpaceRecord): boolean =>
  isActive(record.status) && space.revisionId !== (record.revisionMergedAncestor ?? record.revisionInitial)

export const renderChangeRequest = (
  urls: Urls["Type"],
  record: ChangeRequestRecord,
  context: ChangeRequestContext
): ChangeRequest => ({
  object: "change-request",
  id: record.id,
  number: record.number,
  status: record.status,
  subject: record.subject,
  createdBy: renderUser(urls, context.createdBy),
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  mergedBy: context.mergedBy ? renderUser(urls, context.mergedBy) : undefined,
  mergedAt: record.mergedAt ?? undefined,
  space: record.spaceId,
  revision: record.revisionId,
  revisionInitial: record.revisionInitial,
  revisionMergedAncestor: record.revisionMergedAncestor ?? undefined,
  revisionMerged: record.revisionMerged ?? undefined,
  comments: 0,
  outdated: isOutdated(record, context.space),
  urls: {
    location: urls.api(`/spaces/${record.spaceId}/change-requests/${record.id}`),
    app: urls.app(`/s/${record.spaceId}/~/changes/${record.number}`)
  }
})
