import type { SpacePermissions } from "../policy/permissions.js"
import type { Urls } from "../shared/Urls.js"
import type { Space } from "./Space.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"

export const renderSpace = (urls: Urls["Type"], record: SpaceRecord, permissions: SpacePermissions): Space => ({
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
  // Comments and change requests come with their areas.
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
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
