import { Schema } from "effect"
import { AnyValue } from "../shared/AnyValue.js"
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

/** The official `ChangeRequestContentUpdatePageRef`: a page and where the API serves its content. */
export const ChangeRequestContentUpdatePageRef = Schema.Struct({
  object: Schema.Literal("page"),
  id: Schema.String,
  urls: Schema.Struct({ location: Schema.String })
}).annotations({ identifier: "ChangeRequestContentUpdatePageRef" })

/** The official `ChangeRequestContentUpdateChange`: one per page a batch touched. */
export const ChangeRequestContentUpdateChange = Schema.Union(
  Schema.Struct({
    object: Schema.Literal("created_page"),
    ref: Schema.optional(Schema.String),
    page: ChangeRequestContentUpdatePageRef
  }).annotations({ identifier: "ChangeRequestContentUpdateInsertedPage" }),
  Schema.Struct({
    object: Schema.Literal("updated_page"),
    page: ChangeRequestContentUpdatePageRef
  }).annotations({ identifier: "ChangeRequestContentUpdateUpdatedPage" }),
  Schema.Struct({
    object: Schema.Literal("deleted_page"),
    page: Schema.String
  }).annotations({ identifier: "ChangeRequestContentUpdateDeletedPage" })
).annotations({ identifier: "ChangeRequestContentUpdateChange" })
export type ChangeRequestContentUpdateChange = typeof ChangeRequestContentUpdateChange.Type

/** The official `RevisionFile` (see `renderFile`). */
export const RevisionFileSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  contentType: Schema.String,
  downloadURL: Schema.String,
  size: Schema.Number,
  dimensions: Schema.optional(Schema.Struct({ width: Schema.Number, height: Schema.Number }))
}).annotations({ identifier: "RevisionFile" })

/**
 * The official `ChangeRequestContentUpdate`: what `updateChangeRequestContent` answers with
 * `compat=false`, the change request after the batch and the pages the batch touched.
 */
export const ChangeRequestContentUpdate = Schema.Struct({
  changeRequest: ChangeRequest,
  changes: Schema.Array(ChangeRequestContentUpdateChange),
  insertedFiles: Schema.optional(Schema.Array(RevisionFileSchema))
}).annotations({ identifier: "ChangeRequestContentUpdate" })
export interface ChangeRequestContentUpdate extends Schema.Schema.Type<typeof ChangeRequestContentUpdate> {}

/** A side's version of a conflicting page: its title and its markdown body. */
export const ChangeRequestPageVersion = Schema.Struct({
  title: Schema.String,
  markdown: Schema.String
}).annotations({ identifier: "ChangeRequestPageVersion" })

const PageSummary = Schema.Struct({ id: Schema.String, title: Schema.String })

/**
 * A page that cannot be merged (see `PageConflict`): `space` is the space's version, `changeRequest`
 * the change request's; either is absent when the page does not exist on that side.
 */
export const ChangeRequestPageConflict = Schema.Struct({
  kind: Schema.Literal("document", "fields", "moved", "edited-deleted", "deleted-parent", "slug", "cycle"),
  page: PageSummary,
  message: Schema.String,
  /** `fields`: the metadata fields both sides set differently. */
  fields: Schema.optional(Schema.Array(Schema.String)),
  /** `deleted-parent`, `slug`, `cycle`: the other page involved. */
  other: Schema.optional(PageSummary),
  space: Schema.optional(ChangeRequestPageVersion),
  changeRequest: Schema.optional(ChangeRequestPageVersion)
}).annotations({ identifier: "ChangeRequestPageConflict" })

/** A file or reusable content changed differently on both sides. */
export const ChangeRequestEntryConflict = Schema.Struct({
  kind: Schema.Literal("file", "reusable"),
  id: Schema.String,
  message: Schema.String
}).annotations({ identifier: "ChangeRequestEntryConflict" })

export const ChangeRequestMergeConflict = Schema.Union(ChangeRequestPageConflict, ChangeRequestEntryConflict).annotations({
  identifier: "ChangeRequestMergeConflict"
})
export type ChangeRequestMergeConflict = typeof ChangeRequestMergeConflict.Type

/**
 * Quire's `getChangeRequestMergeConflicts` (not in the official spec): whether the change request
 * would merge now, and if not, every conflict that stops it.
 */
export const ChangeRequestMergeConflicts = Schema.Struct({
  mergeable: Schema.Boolean,
  conflicts: Schema.Array(ChangeRequestMergeConflict)
}).annotations({ identifier: "ChangeRequestMergeConflicts" })
export interface ChangeRequestMergeConflicts extends Schema.Schema.Type<typeof ChangeRequestMergeConflicts> {}

/** The official `ChangeRequestUserContributor`: a user who wrote to the change request, how often and when last. */
export const ChangeRequestUserContributor = Schema.Struct({
  user: User,
  /** How many writes: content batches and updates from the space. */
  count: Schema.Number,
  /** The last of them. */
  updatedAt: Schema.String,
  /** Always `edit`: comments come with their area. */
  actionType: Schema.Literal("edit", "comment")
}).annotations({ identifier: "ChangeRequestUserContributor" })
export interface ChangeRequestUserContributor extends Schema.Schema.Type<typeof ChangeRequestUserContributor> {}

/** The official `ChangedRevisionPage` (see `diffRevisions`). */
export const ChangedRevisionPageSchema = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("document", "group", "link", "computed"),
  title: Schema.String,
  path: Schema.optional(Schema.String)
}).annotations({ identifier: "ChangedRevisionPage" })

/** The official `ChangedRevisionFile`. */
export const ChangedRevisionFileSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  contentType: Schema.String,
  downloadURL: Schema.String
}).annotations({ identifier: "ChangedRevisionFile" })

/** A field's value before and after (absent on the side where it is unset). */
const ChangeAttributes = Schema.Record({
  key: Schema.String,
  value: Schema.Struct({ before: Schema.optional(AnyValue), after: Schema.optional(AnyValue) })
}).annotations({ identifier: "ChangeAttributes", description: "The changed fields, each with its value before and after." })

const pageChange = <T extends string>(type: T, identifier: string) =>
  Schema.Struct({ type: Schema.Literal(type), page: ChangedRevisionPageSchema }).annotations({ identifier })
const fileChange = <T extends string>(type: T, identifier: string) =>
  Schema.Struct({ type: Schema.Literal(type), file: ChangedRevisionFileSchema }).annotations({ identifier })

/** The official `RevisionSemanticChange`s Quire reports: pages and files created, edited, deleted, moved. */
export const RevisionSemanticChangeSchema = Schema.Union(
  pageChange("page_created", "RevisionSemanticChangePageCreated"),
  Schema.Struct({ type: Schema.Literal("page_edited"), page: ChangedRevisionPageSchema, attributes: ChangeAttributes }).annotations({
    identifier: "RevisionSemanticChangePageEdited"
  }),
  pageChange("page_deleted", "RevisionSemanticChangePageDeleted"),
  Schema.Struct({
    type: Schema.Literal("page_moved"),
    page: ChangedRevisionPageSchema,
    parent: Schema.Struct({ before: Schema.optional(ChangedRevisionPageSchema), after: Schema.optional(ChangedRevisionPageSchema) })
  }).annotations({ identifier: "RevisionSemanticChangePageMoved" }),
  fileChange("file_created", "RevisionSemanticChangeFileCreated"),
  Schema.Struct({ type: Schema.Literal("file_edited"), file: ChangedRevisionFileSchema, attributes: ChangeAttributes }).annotations({
    identifier: "RevisionSemanticChangeFileEdited"
  }),
  fileChange("file_deleted", "RevisionSemanticChangeFileDeleted")
).annotations({ identifier: "RevisionSemanticChange" })

/**
 * The official `RevisionSemanticChanges`: what `getRevisionSemanticChanges` and
 * `getChangeRequestChanges` answer. `more` counts the changes past the limit; `mergedFrom` is the
 * change request whose merge made the revision.
 */
export const RevisionSemanticChangesSchema = Schema.Struct({
  mergedFrom: Schema.optional(ChangeRequest),
  changes: Schema.Array(RevisionSemanticChangeSchema),
  more: Schema.optional(Schema.Number)
}).annotations({ identifier: "RevisionSemanticChanges" })
