import { Schema } from "effect"
import { DefaultLevel } from "../shared/role.js"

export class CollectionUrls extends Schema.Class<CollectionUrls>("CollectionUrls")({
  location: Schema.String,
  app: Schema.String
}) {}

export class CollectionPermissionsSchema extends Schema.Class<CollectionPermissionsSchema>("CollectionPermissions")({
  view: Schema.Boolean,
  admin: Schema.Boolean,
  viewInviteLinks: Schema.Boolean,
  create: Schema.Boolean
}) {}

export class Collection extends Schema.Class<Collection>("Collection")({
  object: Schema.Literal("collection"),
  id: Schema.String,
  title: Schema.String,
  description: Schema.optional(Schema.String),
  organization: Schema.String,
  parent: Schema.optional(Schema.String),
  defaultLevel: DefaultLevel,
  urls: CollectionUrls,
  permissions: CollectionPermissionsSchema
}) {}
