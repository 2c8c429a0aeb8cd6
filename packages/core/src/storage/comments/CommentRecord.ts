import { Schema } from "effect"
import type { ChangeRequestId, CommentId, RevisionId, SpaceId, UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** The official comment `status`es. */
export const CommentStatus = Schema.Literal("open", "resolved")
export type CommentStatus = typeof CommentStatus.Type

/**
 * A comment on a space's main content (`changeRequestId` null) or on a change request's: on the
 * whole content, a page, or a block of a page.
 */
export interface CommentRecord {
  readonly id: CommentId
  readonly spaceId: SpaceId
  readonly changeRequestId: ChangeRequestId | null
  /** The revision the comment was posted on (its target is found there). */
  readonly revisionId: RevisionId
  readonly pageId: string | null
  /** The hash of the page's document when the comment was posted: the comment is outdated once it differs. */
  readonly pageDocument: string | null
  /** A block of the page: its anchor. */
  readonly nodeId: string | null
  /** The block's text when the comment was posted. */
  readonly nodePreview: string | null
  /** Markdown. */
  readonly body: string
  /** The members the body mentions (`@<user id>`), in order of first mention. */
  readonly mentions: ReadonlyArray<UserId>
  readonly postedBy: UserId
  readonly postedAt: Timestamp
  readonly editedAt: Timestamp | null
  readonly status: CommentStatus
  readonly resolvedAt: Timestamp | null
  readonly resolvedBy: UserId | null
}

/** Comments are listed by (postedAt, id), newest first unless asked. */
export const commentSortKey = (c: CommentRecord) => [c.postedAt, c.id]
