import { Schema } from "effect"
import { CollectionId, OrganizationId, RevisionId, SpaceId } from "../shared/ids.js"
import { SpacePermissions } from "../policy/permissions.js"
import { DefaultLevel } from "../shared/role.js"
import { SpaceEditMode, SpaceVisibility } from "../storage/spaces/SpaceRecord.js"

export const SpaceUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String,
  /** Only when the space is not private. */
  published: Schema.optional(Schema.String),
  /** Only when the space is public. */
  public: Schema.optional(Schema.String)
}).annotations({ identifier: "SpaceUrls" })
export interface SpaceUrls extends Schema.Schema.Type<typeof SpaceUrls> {}

export const Space = Schema.Struct({
  object: Schema.Literal("space"),
  id: SpaceId,
  title: Schema.String,
  emoji: Schema.String,
  organization: OrganizationId,
  parent: Schema.optional(CollectionId),
  visibility: SpaceVisibility,
  revision: RevisionId,
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
  permissions: SpacePermissions
}).annotations({ identifier: "Space" })
export interface Space extends Schema.Schema.Type<typeof Space> {}
