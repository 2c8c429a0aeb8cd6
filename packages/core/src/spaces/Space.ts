import { Schema } from "effect"
import { DefaultLevel } from "../shared/role.js"

export const SpaceVisibility = Schema.Literal("public", "unlisted", "share-link", "visitor-auth", "in-collection", "private")
export const SpaceEditMode = Schema.Literal("live", "locked")

export class SpaceUrls extends Schema.Class<SpaceUrls>("SpaceUrls")({
  location: Schema.String,
  app: Schema.String,
  /** Only when the space is not private. */
  published: Schema.optional(Schema.String),
  /** Only when the space is public. */
  public: Schema.optional(Schema.String)
}) {}

export class SpacePermissionsSchema extends Schema.Class<SpacePermissionsSchema>("SpacePermissions")({
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
}) {}

export class Space extends Schema.Class<Space>("Space")({
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
}) {}
