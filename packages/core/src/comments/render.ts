import type { UserId } from "../shared/ids.js"
import type { Urls } from "../shared/Urls.js"
import type { CommentRecord } from "../storage/comments/CommentRecord.js"
import type { CommentReplyRecord } from "../storage/comments/CommentReplyRecord.js"
import type { CommentPlace } from "../storage/comments/CommentRepository.js"
import type { ReactionRecord, ReplierRecord } from "../storage/comments/ReactionRecord.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { renderUser } from "../users/render.js"
import type { Comment, CommentPermissions, CommentReply, CommentTarget, EmojiReaction } from "./Comment.js"

/** The page a comment targets, as the content it is read in has it now (undefined: the page is gone). */
export interface TargetPage {
  readonly title: string
  readonly path: string | undefined
  readonly emoji: string | undefined
  readonly icon: string | undefined
  /** The hash of its document now. */
  readonly document: string | null
}

/** What rendering comments needs besides their records, loaded by the service. */
export interface CommentContext {
  readonly urls: Urls["Type"]
  readonly users: ReadonlyMap<UserId, UserRecord>
  readonly permissions: (postedBy: UserId) => CommentPermissions
}

/** Where the API serves a comment: under its space, or under its change request. */
export const commentPath = (place: CommentPlace, id: string): string =>
  place.changeRequestId === null
    ? `/spaces/${place.spaceId}/comments/${id}`
    : `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/comments/${id}`

/** Reactions grouped by emoji, in order of each emoji's first reaction; users in order of reaction. */
export const groupReactions = (context: CommentContext, reactions: ReadonlyArray<ReactionRecord>): Array<EmojiReaction> => {
  const byEmoji = new Map<string, Array<ReactionRecord>>()
  const sorted = [...reactions].sort((a, b) => (a.reactedAt < b.reactedAt ? -1 : a.reactedAt > b.reactedAt ? 1 : a.userId < b.userId ? -1 : 1))
  for (const r of sorted) {
    const list = byEmoji.get(r.emoji)
    if (list === undefined) byEmoji.set(r.emoji, [r])
    else list.push(r)
  }
  return [...byEmoji].map(([emoji, list]) => ({
    emoji,
    count: list.length,
    users: list.map((r) => ({ user: renderUser(context.urls, context.users.get(r.userId)!), reactedAt: r.reactedAt }))
  }))
}

const target = (record: CommentRecord, page: TargetPage | undefined): CommentTarget => ({
  space: record.spaceId,
  revision: record.revisionId,
  changeRequest: record.changeRequestId ?? undefined,
  page:
    record.pageId === null
      ? undefined
      : page === undefined
        ? { id: record.pageId, outdated: true }
        : {
            id: record.pageId,
            title: page.title,
            path: page.path,
            emoji: page.emoji,
            icon: page.icon,
            outdated: page.document !== record.pageDocument
          },
  node: record.nodeId === null ? undefined : { id: record.nodeId, preview: record.nodePreview ?? "" }
})

export interface CommentExtras {
  readonly replies: number
  readonly repliers: ReadonlyArray<ReplierRecord>
  readonly reactions: ReadonlyArray<ReactionRecord>
  readonly page: TargetPage | undefined
}

export const renderComment = (context: CommentContext, record: CommentRecord, extras: CommentExtras): Comment => {
  const user = (id: UserId) => renderUser(context.urls, context.users.get(id)!)
  const common = {
    object: "comment" as const,
    id: record.id,
    postedBy: user(record.postedBy),
    postedAt: record.postedAt,
    editedAt: record.editedAt ?? undefined,
    reactions: groupReactions(context, extras.reactions),
    replies: extras.replies,
    repliers: extras.repliers.map((r) => ({ user: user(r.userId), count: r.replies, updatedAt: r.lastRepliedAt })),
    body: { markdown: record.body },
    target: target(record, extras.page),
    urls: { location: context.urls.api(commentPath(record, record.id)) },
    permissions: context.permissions(record.postedBy)
  }
  return record.status === "resolved" && record.resolvedAt !== null && record.resolvedBy !== null
    ? { ...common, status: "resolved", resolvedAt: record.resolvedAt, resolvedBy: user(record.resolvedBy) }
    : { ...common, status: "open" }
}

export const renderReply = (
  context: CommentContext,
  place: CommentPlace,
  record: CommentReplyRecord,
  reactions: ReadonlyArray<ReactionRecord>
): CommentReply => ({
  object: "comment-reply",
  id: record.id,
  postedBy: renderUser(context.urls, context.users.get(record.postedBy)!),
  postedAt: record.postedAt,
  editedAt: record.editedAt ?? undefined,
  reactions: groupReactions(context, reactions),
  body: { markdown: record.body },
  urls: { location: context.urls.api(`${commentPath(place, record.commentId)}/replies/${record.id}`) },
  permissions: context.permissions(record.postedBy)
})
