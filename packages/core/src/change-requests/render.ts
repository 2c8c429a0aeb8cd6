import type { AppliedChanges } from "../content/tree/apply/applyChanges.js"
import type { MergeConflict, PageVersion } from "../content/tree/merge/MergeConflict.js"
import type { ContentUrls } from "../content/tree/render/ContentUrls.js"
import { renderFile } from "../content/tree/render/renderPages.js"
import type { Urls } from "../shared/Urls.js"
import type { ChangeRequestContributorRecord } from "../storage/change-requests/ChangeRequestContributorRecord.js"
import type { ChangeRequestRecord } from "../storage/change-requests/ChangeRequestRecord.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { renderUser } from "../users/render.js"
import type {
  ChangeRequest,
  ChangeRequestContentUpdate,
  ChangeRequestContentUpdateChange,
  ChangeRequestMergeConflict,
  ChangeRequestMergeConflicts,
  ChangeRequestUserContributor
} from "./ChangeRequest.js"
import { isActive } from "./status.js"

/** What rendering a change request needs besides its record, loaded by the service. */
export interface ChangeRequestContext {
  readonly space: SpaceRecord
  readonly createdBy: UserRecord
  readonly mergedBy: UserRecord | undefined
  /** Its open comments. */
  readonly comments: number
}

/** A draft or open change request is outdated once the space's content moved on from where it last took it. */
export const isOutdated = (record: ChangeRequestRecord, space: SpaceRecord): boolean =>
  isActive(record.status) && space.revisionId !== (record.revisionMergedAncestor ?? record.revisionInitial)

export const renderChangeRequest = (
  urls: Urls["Type"],
  record: ChangeRequestRecord,
  context: ChangeRequestContext
): ChangeRequest => ({
  object: "change-request",
  id: record.id,
  number: record.number,
  status: record.status,
  subject: record.subject,
  createdBy: renderUser(urls, context.createdBy),
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  mergedBy: context.mergedBy ? renderUser(urls, context.mergedBy) : undefined,
  mergedAt: record.mergedAt ?? undefined,
  space: record.spaceId,
  revision: record.revisionId,
  revisionInitial: record.revisionInitial,
  revisionMergedAncestor: record.revisionMergedAncestor ?? undefined,
  revisionMerged: record.revisionMerged ?? undefined,
  comments: context.comments,
  outdated: isOutdated(record, context.space),
  urls: {
    location: urls.api(`/spaces/${record.spaceId}/change-requests/${record.id}`),
    app: urls.app(`/s/${record.spaceId}/~/changes/${record.number}`)
  }
})

/** Where the API serves a page of a change request (the official `getPageInChangeRequestById`). */
const pageLocation = (changeRequest: ChangeRequest, pageId: string) =>
  `${changeRequest.urls.location}/content/page/${encodeURIComponent(pageId)}`

/**
 * The official `ChangeRequestContentUpdate` of a batch the engine applied: the change request
 * after it, one entry per page it touched (in the order first touched), the files it inserted.
 */
export const renderContentUpdate = (
  changeRequest: ChangeRequest,
  applied: Pick<AppliedChanges, "changes" | "insertedFiles">,
  urls: ContentUrls
): ChangeRequestContentUpdate => ({
  changeRequest,
  changes: applied.changes.map((change): ChangeRequestContentUpdateChange => {
    if (change.object === "deleted_page") return { object: "deleted_page", page: change.page }
    const page = { object: "page" as const, id: change.page, urls: { location: pageLocation(changeRequest, change.page) } }
    if (change.object === "updated_page") return { object: "updated_page", page }
    return change.ref === undefined ? { object: "created_page", page } : { object: "created_page", ref: change.ref, page }
  }),
  insertedFiles: applied.insertedFiles.map((file) => renderFile(file, urls))
})

const version = (side: PageVersion) => ({ title: side.page.title, markdown: side.markdown })

/**
 * The conflicts of a change request's merge as Quire's `getChangeRequestMergeConflicts` answers
 * them. The merge takes the space's content as ours and the change request's as theirs.
 */
export const renderMergeConflicts = (conflicts: ReadonlyArray<MergeConflict>): ChangeRequestMergeConflicts => ({
  mergeable: conflicts.length === 0,
  conflicts: conflicts.map((conflict): ChangeRequestMergeConflict => {
    if (!("page" in conflict)) {
      return { kind: conflict.kind, id: conflict.id, message: conflict.message }
    }
    return {
      kind: conflict.kind,
      page: { id: conflict.page.id, title: conflict.page.title },
      message: conflict.message,
      ...(conflict.fields === undefined ? {} : { fields: [...conflict.fields] }),
      ...(conflict.other === undefined ? {} : { other: { id: conflict.other.id, title: conflict.other.title } }),
      ...(conflict.ours === undefined ? {} : { space: version(conflict.ours) }),
      ...(conflict.theirs === undefined ? {} : { changeRequest: version(conflict.theirs) })
    }
  })
})

/** The official `ChangeRequestUserContributor` of a contributor's record (every contribution is an edit). */
export const renderContributor = (
  urls: Urls["Type"],
  record: ChangeRequestContributorRecord,
  user: UserRecord
): ChangeRequestUserContributor => ({
  user: renderUser(urls, user),
  count: record.contributions,
  updatedAt: record.lastContributedAt,
  actionType: "edit"
})
