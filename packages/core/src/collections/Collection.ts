import { Schema } from "effect"
import { DefaultLevel } from "../shared/role.js"

export const CollectionUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String
}).annotations({ identifier: "CollectionUrls" })
export interface CollectionUrls extends Schema.Schema.Type<typeof CollectionUrls> {}

export const CollectionPermissionsSchema = Schema.Struct({
  view: Schema.Boolean,
  admin: Schema.Boolean,
  viewInviteLinks: Schema.Boolean,
  create: Schema.Boolean
}).annotations({ identifier: "CollectionPermissions" })
export interface CollectionPermissionsSchema extends Schema.Schema.Type<typeof CollectionPermissionsSchema> {}

export const Collection = Schema.Struct({
  object: Schema.Literal("collection"),
  id: Schema.String,
  title: Schema.String,
  description: Schema.optional(Schema.String),
  organization: Schema.String,
  parent: Schema.optional(Schema.String),
  defaultLevel: DefaultLevel,
  urls: CollectionUrls,
  permissions: CollectionPermissionsSchema
}).annotations({ identifier: "Collection" })
export interface Collection extends Schema.Schema.Type<typeof Collection> {}
