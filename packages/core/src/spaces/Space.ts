import { Schema } from "effect"
import { DefaultLevel } from "../shared/role.js"

export const SpaceVisibility = Schema.Literal("public", "unlisted", "share-link", "visitor-auth", "in-collection", "private")
export const SpaceEditMode = Schema.Literal("live", "locked")

export const SpaceUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String,
  /** Only when the space is not private. */
  published: Schema.optional(Schema.String),
  /** Only when the space is public. */
  public: Schema.optional(Schema.String)
}).annotations({ identifier: "SpaceUrls" })
export interface SpaceUrls extends Schema.Schema.Type<typeof SpaceUrls> {}

export const SpacePermissionsSchema = Schema.Struct({
  view: Schema.Boolean,
  access: Schema.Boolean,
  admin: Schema.Boolean,
  viewInviteLinks: Schema.Boolean,
  edit: Schema.Boolean,
  triggerGitSync: Schema.Boolean,
  comment: Schema.Boolean,
  merge: Schema.Boolean,
  review: Schema.Boolean,
  installIntegration: Schema.Boolean
}).annotations({ identifier: "SpacePermissions" })
export interface SpacePermissionsSchema extends Schema.Schema.Type<typeof SpacePermissionsSchema> {}

export const Space = Schema.Struct({
  object: Schema.Literal("space"),
  id: Schema.String,
  title: Schema.String,
  emoji: Schema.String,
  organization: Schema.String,
  parent: Schema.optional(Schema.String),
  visibility: SpaceVisibility,
  revision: Schema.String,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  deletedAt: Schema.optional(Schema.String),
  editMode: SpaceEditMode,
  comments: Schema.Number,
  changeRequests: Schema.Number,
  changeRequestsOpen: Schema.Number,
  changeRequestsDraft: Schema.Number,
  mergeRules: Schema.Struct({ type: Schema.Literal("inherit") }),
  urls: SpaceUrls,
  defaultLevel: DefaultLevel,
  permissions: SpacePermissionsSchema
}).annotations({ identifier: "Space" })
export interface Space extends Schema.Schema.Type<typeof Space> {}
