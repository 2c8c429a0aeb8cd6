import type { SpacePermissions } from "../policy/permissions.js"
import type { Urls } from "../shared/Urls.js"
import type { Space } from "./Space.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"

/**
 * What a space's answer counts of other areas' records: its comments and its change requests
 * (all, open, draft). The service that renders a space says where they come from.
 */
export interface SpaceCounts {
  readonly comments: number
  readonly changeRequests: number
  readonly changeRequestsOpen: number
  readonly changeRequestsDraft: number
}

/** Nothing counted: a new space's counts, and what `makeSpaceCounts` starts from (change requests are not counted yet). */
export const noCounts: SpaceCounts = { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }

export const renderSpace = (urls: Urls["Type"], record: SpaceRecord, permissions: SpacePermissions, counts: SpaceCounts): Space => ({
  object: "space",
  id: record.id,
  title: record.title,
  emoji: record.emoji,
  organization: record.organizationId,
  parent: record.parentId ?? undefined,
  visibility: record.visibility,
  revision: record.revisionId,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  deletedAt: record.deletedAt ?? undefined,
  editMode: record.editMode,
  comments: counts.comments,
  changeRequests: counts.changeRequests,
  changeRequestsOpen: counts.changeRequestsOpen,
  changeRequestsDraft: counts.changeRequestsDraft,
  mergeRules: { type: "inherit" },
  urls: {
    location: urls.api(`/spaces/${record.id}`),
    app: urls.app(`/o/${record.organizationId}/s/${record.id}`),
    published: record.visibility === "private" ? undefined : urls.app(`/s/${record.id}`),
    public: record.visibility === "public" ? urls.app(`/s/${record.id}`) : undefined
  },
  defaultLevel: record.defaultLevel,
  permissions
})
