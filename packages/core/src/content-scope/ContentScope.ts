import { Data } from "effect"
import type { ChangeRequestRef } from "../change-requests/ChangeRequests.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"

/**
 * Whose content a read is of: a space's current content, a change request's, or one revision
 * of a space named by id. Every content operation (pages, files, links, changes, PDF exports)
 * takes one, so each is written once for the three; `resolveScope` turns it into what the
 * caller may read.
 */
export type ContentScope = Data.TaggedEnum<{
  /** The space's current content. */
  Space: { readonly spaceId: SpaceId }
  /** The change request's current content; `changeRequest` is its id or its number in the space. */
  ChangeRequest: { readonly spaceId: SpaceId; readonly changeRequest: ChangeRequestRef }
  /** A revision read in a space: one the space had, or one of another space the caller can view. */
  Revision: { readonly spaceId: SpaceId; readonly revisionId: RevisionId }
}>

export const ContentScope = Data.taggedEnum<ContentScope>()
