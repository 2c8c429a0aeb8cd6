import type { ContentUrls } from "../content/tree/render/ContentUrls.js"
import type { SpaceGrant } from "../policy/Grant.js"
import type { RevisionId } from "../shared/ids.js"
import type { ChangeRequestRecord } from "../storage/change-requests/ChangeRequestRecord.js"
import type { RevisionRecord } from "../storage/content/RevisionRecord.js"
import type { ContentScope } from "./ContentScope.js"

/** A `ContentScope` the caller may read, resolved once: the grant on its space, the revision it reads and its URLs. */
export interface ResolvedScope {
  readonly scope: ContentScope
  /** The caller's grant on the scope's space (viewing it is what every content read needs). */
  readonly space: SpaceGrant
  /** A `ChangeRequest` scope's change request. */
  readonly changeRequest: ChangeRequestRecord | undefined
  /** A `Revision` scope's revision. */
  readonly revision: RevisionRecord | undefined
  /** The revision the scope reads. */
  readonly revisionId: RevisionId
  /** Where its rendered content links to; a change request's files download from the change request. */
  readonly urls: ContentUrls
  /** Whether the answer may change (a current content), or never does (a revision named by id). */
  readonly current: boolean
}
