import { Schema } from "effect"
import { ChangeRequestId, RevisionId, SpaceId } from "../shared/ids.js"
import { ChangeRequestStatus } from "../storage/change-requests/ChangeRequestRecord.js"
import { User } from "../users/User.js"

export const ChangeRequestUrls = Schema.Struct({
  location: Schema.String,
  app: Schema.String
}).annotations({ identifier: "ChangeRequestUrls" })

/** The official `ChangeRequest`. */
export const ChangeRequest = Schema.Struct({
  object: Schema.Literal("change-request"),
  id: ChangeRequestId,
  number: Schema.Number,
  status: ChangeRequestStatus,
  subject: Schema.String,
  createdBy: User,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  mergedBy: Schema.optional(User),
  mergedAt: Schema.optional(Schema.String),
  space: SpaceId,
  revision: RevisionId,
  revisionInitial: RevisionId,
  revisionMergedAncestor: Schema.optional(RevisionId),
  revisionMerged: Schema.optional(RevisionId),
  /** Comments come with their area. */
  comments: Schema.Number,
  /** Not up to date with the space's content: the space moved on since it was made or last updated. */
  outdated: Schema.Boolean,
  urls: ChangeRequestUrls
}).annotations({ identifier: "ChangeRequest" })
export interface ChangeRequest extends Schema.Schema.Type<typeof ChangeRequest> {}

/** The official answer to `mergeChangeRequest` and `updateChangeRequest`. */
export const MergeResult = Schema.Struct({
  revision: RevisionId,
  result: Schema.Literal("merge", "conflicts")
}).annotations({ identifier: "ChangeRequestMergeResult" })
export interface MergeResult extends Schema.Schema.Type<typeof MergeResult> {}

export const UpdateResult = Schema.Struct({
  revision: RevisionId,
  result: Schema.Literal("update", "conflicts")
}).annotations({ identifier: "ChangeRequestUpdateResult" })
export interface UpdateResult extends Schema.Schema.Type<typeof UpdateResult> {}
