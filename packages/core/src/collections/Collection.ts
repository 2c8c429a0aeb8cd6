import { Schema } from "effect"
import { CollectionId, OrganizationId } from "../shared/ids.js"
import { CollectionPermissions } from "../policy/permissions.js"
import { DefaultLevel } from "../shared/role.js"

export const CollectionUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String
}).annotations({ identifier: "CollectionUrls" })
export interface CollectionUrls extends Schema.Schema.Type<typeof CollectionUrls> {}

export const Collection = Schema.Struct({
  object: Schema.Literal("collection"),
  id: CollectionId,
  title: Schema.String,
  description: Schema.optional(Schema.String),
  organization: OrganizationId,
  parent: Schema.optional(CollectionId),
  defaultLevel: DefaultLevel,
  urls: CollectionUrls,
  permissions: CollectionPermissions
}).annotations({ identifier: "Collection" })
export interface Collection extends Schema.Schema.Type<typeof Collection> {}
