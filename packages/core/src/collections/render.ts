import type { CollectionPermissions } from "../policy/permissions.js"
import type { Urls } from "../shared/Urls.js"
import type { Collection } from "./Collection.js"
import type { CollectionRecord } from "../storage/collections/CollectionRecord.js"

export const renderCollection = (
  urls: Urls["Type"],
  record: CollectionRecord,
  permissions: CollectionPermissions
): Collection => ({
  object: "collection",
  id: record.id,
  title: record.title,
  description: record.description ?? undefined,
  organization: record.organizationId,
  parent: record.parentId ?? undefined,
  defaultLevel: record.defaultLevel,
  urls: {
    location: urls.api(`/collections/${record.id}`),
    app: urls.app(`/o/${record.organizationId}/c/${record.id}`)
  },
  permissions
})
