import { Effect, Option } from "effect"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import type { ContentTree } from "../content/tree/ContentTree.js"
import { checkMarkdownLimits } from "../content/markdown/limits.js"
import { makeScopeResolver } from "../content-scope/resolveScope.js"
import type { ResolvedScope } from "../content-scope/ResolvedScope.js"
import { memberRenderer } from "../members/memberRenderer.js"
import { Access, ensure } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict, InvalidInput, NotFound } from "../shared/errors.js"
import { type CommentId, type CommentReplyId, makeId, type UserId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { CommentRecord } from "../storage/comments/CommentRecord.js"
import { commentSortKey } from "../storage/comments/CommentRecord.js"
import { type CommentReplyRecord, replySortKey } from "../storage/comments/CommentReplyRecord.js"
import { type CommentPlace, CommentRepository, commenterSortKey } from "../storage/comments/CommentRepository.js"
import type { ReactionRecord } from "../storage/comments/ReactionRecord.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { UserRepository } from "../storage/users/UserRepository.js"
import type { Comment, CommentPermissions, CommentReply } from "./Comment.js"
import { commentPermissions } from "./commentPermissions.js"
import { type CommentScope, placeOf } from "./CommentScope.js"
import { resolveTarget, targetPage } from "./commentTarget.js"
import {
  CommentListQuery,
  PostCommentInput,
  PostCommentReplyInput,
  UpdateCommentInput,
  UpdateCommentReplyInput
} from "./inputs.js"
import { mentionedIds } from "./mentions.js"
import { type CommentContext, renderComment, renderReply, type TargetPage } from "./render.js"

/** Items by key, each group in the items' order. */
const groupBy = <A, K>(items: ReadonlyArray<A>, key: (item: A) => K): ReadonlyMap<K, ReadonlyArray<A>> => {
  const groups = new Map<K, Array<A>>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group === undefined) groups.set(key(item), [item])
    else group.push(item)
  }
  return groups
}

/**
 * Comments on a space's main content or a change request's, with their replies and reactions.
 * Anyone who can view the space reads them; `comment` and above post, reply, react and resolve;
 * only the author edits a body; the author or an admin of the space deletes (see
 * `commentPermissions`, which also fills each answer's `permissions`). Every write appends its
 * event to the outbox in the same transaction.
 */
export class Comments extends Effect.Service<Comments>()("@quire/core/Comments", {
  effect: Effect.gen(function* () {
    const engine = yield* ContentEngine
    const comments = yield* CommentRepository
    const users = yield* UserRepository
    const members = yield* MemberRepository
    const spaces = yield* SpaceRepository
    const events = yield* Events
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)
    const { resolve } = yield* makeScopeResolver

    /** Users are never deleted, so whoever a comment names is there. */
    const loadUsers = (ids: Iterable<UserId>) =>
      Effect.gen(function* () {
        const loaded = new Map<UserId, UserRecord>()
        for (const id of new Set(ids)) {
          const user = yield* Effect.flatten(users.findById(id)).pipe(Effect.orDieWith(() => new Error(`user "${id}" of a comment is missing`)))
          loaded.set(id, user)
        }
        return loaded
      })

    const permissionsIn = (resolved: ResolvedScope) => (postedBy: UserId): CommentPermissions =>
      commentPermissions(
        { userId: resolved.space.member.userId, space: resolved.space.permissions, spaceDeleted: resolved.space.record.deletedAt !== null },
        postedBy
      )

    const contextFor = (resolved: ResolvedScope, userIds: Iterable<UserId>) =>
      Effect.map(loadUsers(userIds), (loaded): CommentContext => ({ urls, users: loaded, permissions: permissionsIn(resolved) }))

    /** Renders comments of one place, loading their replies' tallies, reactions, users and target pages once. */
    const renderComments = (resolved: ResolvedScope, records: ReadonlyArray<CommentRecord>) =>
      Effect.gen(function* () {
        if (records.length === 0) return []
        const place = placeOf(resolved)
        const ids = records.map((r) => r.id)
        const [repliers, reactions] = yield* Effect.all([comments.repliers(place.spaceId, ids), comments.reactions(place.spaceId, ids)])
        const pageIds = new Set(records.flatMap((r) => (r.pageId === null ? [] : [r.pageId])))
        const pages = new Map<string, TargetPage | undefined>()
        if (pageIds.size > 0) {
          const tree = yield* engine.tree(resolved.revisionId)
          for (const id of pageIds) pages.set(id, yield* targetPage(tree, id))
        }
        const userIds = [
          ...records.flatMap((r) => (r.resolvedBy === null ? [r.postedBy] : [r.postedBy, r.resolvedBy])),
          ...repliers.map((r) => r.userId),
          ...reactions.map((r) => r.userId)
        ]
        const context = yield* contextFor(resolved, userIds)
        const repliersOf = groupBy(repliers, (r) => r.commentId)
        const reactionsOf = groupBy(reactions, (r) => r.subjectId)
        return records.map((record) => {
          const own = repliersOf.get(record.id) ?? []
          return renderComment(context, record, {
            replies: own.reduce((sum, r) => sum + r.replies, 0),
            repliers: own,
            reactions: reactionsOf.get(record.id) ?? [],
            page: record.pageId === null ? undefined : pages.get(record.pageId)
          })
        })
      })

    const renderOne = (resolved: ResolvedScope, record: CommentRecord) => Effect.map(renderComments(resolved, [record]), (all) => all[0]!)

    const renderReplies = (resolved: ResolvedScope, records: ReadonlyArray<CommentReplyRecord>) =>
      Effect.gen(function* () {
        const place = placeOf(resolved)
        const reactions = records.length === 0 ? [] : yield* comments.reactions(place.spaceId, records.map((r) => r.id))
        const context = yield* contextFor(resolved, [...records.map((r) => r.postedBy), ...reactions.map((r) => r.userId)])
        const reactionsOf = groupBy(reactions, (r) => r.subjectId)
        return records.map((record) => renderReply(context, place, record, reactionsOf.get(record.id) ?? []))
      })

    const findComment = (place: CommentPlace, id: CommentId) =>
      Effect.flatMap(comments.findById(place, id), Option.match({ onNone: () => Effect.fail(NotFound.of("Comment", id)), onSome: Effect.succeed }))

    const findReply = (place: CommentPlace, commentId: CommentId, id: CommentReplyId) =>
      Effect.flatMap(
        comments.findReply(place.spaceId, commentId, id),
        Option.match({ onNone: () => Effect.fail(NotFound.of("Comment reply", id)), onSome: Effect.succeed })
      )

    /** The scope resolved for the caller, and a comment of its place (`NotFound` when it is not there). */
    const commentIn = (scope: CommentScope, id: CommentId) =>
      Effect.flatMap(resolve(scope), (resolved) => {
        const place = placeOf(resolved)
        return Effect.map(findComment(place, id), (comment) => ({ resolved, place, comment }))
      })

    /** A write needs a live space: a deleted one keeps its comments readable, for its restore. */
    const ensureLive = (resolved: ResolvedScope) =>
      resolved.space.record.deletedAt === null
        ? Effect.void
        : Effect.fail(new Conflict({ message: `Space "${resolved.space.record.id}" is deleted; restore it first` }))

    /** The caller's permissions on what `postedBy` posted, once it may take part (`reply`) in a live space. */
    const takingPart = (resolved: ResolvedScope, postedBy: UserId) => {
      const permissions = permissionsIn(resolved)(postedBy)
      return Effect.as(Effect.zipRight(ensure(permissions.reply, "comment in this space"), ensureLive(resolved)), permissions)
    }

    /** Refuses a body the markdown engine would not keep, and keeps the mentions of the organization's members. */
    const checkedBody = (resolved: ResolvedScope, markdown: string) =>
      Effect.gen(function* () {
        const violation = checkMarkdownLimits(markdown)
        if (violation !== undefined) return yield* Effect.fail(InvalidInput.of("body.markdown", violation.message))
        const mentioned: Array<UserId> = []
        for (const id of mentionedIds(markdown)) {
          const member = yield* members.find(resolved.space.record.organizationId, id)
          if (Option.isSome(member)) mentioned.push(id)
        }
        return { body: markdown, mentions: mentioned }
      })

    const appendEvent = (resolved: ResolvedScope, type: EventType, payload: Record<string, string | null>, at: string) =>
      events.append({
        type,
        organizationId: resolved.space.record.organizationId,
        spaceId: resolved.space.record.id,
        actor: resolved.space.member.userId,
        at,
        payload: { ...payload, changeRequestId: resolved.changeRequest?.id ?? null }
      })

    /** Applies added and removed reactions of the caller to one subject; whether any was asked. */
    const react = (
      resolved: ResolvedScope,
      subjectId: CommentId | CommentReplyId,
      added: ReadonlyArray<string> | undefined,
      removed: ReadonlyArray<string> | undefined,
      at: string
    ) =>
      Effect.gen(function* () {
        const spaceId = resolved.space.record.id
        const userId = resolved.space.member.userId
        for (const emoji of new Set(added ?? [])) {
          yield* comments.addReaction({ spaceId, subjectId, emoji, userId, reactedAt: at } satisfies ReactionRecord)
        }
        for (const emoji of new Set(removed ?? [])) yield* comments.removeReaction(spaceId, subjectId, emoji, userId)
        return (added?.length ?? 0) + (removed?.length ?? 0) > 0
      })

    const list = (scope: CommentScope, query: CommentListQuery & PageRequest = {}) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(CommentListQuery)(query)
          const keyset = yield* toKeyset(query)
          const resolved = yield* resolve(scope)
          const slice = yield* comments.list(
            placeOf(resolved),
            {
              status: valid.status === "all" ? undefined : valid.status,
              pageId: valid.targetPage,
              authors: valid.authors as ReadonlyArray<UserId> | undefined,
              order: valid.order ?? "desc"
            },
            keyset
          )
          const kept = slice.rows.slice(0, keyset.limit)
          const rendered = yield* renderComments(resolved, kept)
          const byId = new Map(rendered.map((c) => [c.id, c]))
          return toPage(keyset, slice, commentSortKey, (row) => byId.get(row.id)!)
        })
      )

    const post = (scope: CommentScope, input: PostCommentInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(PostCommentInput)(input)
          const resolved = yield* resolve(scope)
          yield* ensure(resolved.space.permissions.comment, "comment in this space")
          yield* ensureLive(resolved)
          const tree: ContentTree = yield* engine.tree(resolved.revisionId)
          const target = yield* resolveTarget(tree, valid.page, valid.node)
          const body = yield* checkedBody(resolved, valid.body.markdown)
          const at = yield* now
          const record: CommentRecord = {
            id: yield* makeId<CommentId>(),
            ...placeOf(resolved),
            revisionId: resolved.revisionId,
            ...target,
            ...body,
            postedBy: resolved.space.member.userId,
            postedAt: at,
            editedAt: null,
            status: "open",
            resolvedAt: null,
            resolvedBy: null
          }
          yield* comments.insert(record)
          yield* appendEvent(resolved, "comment.posted", { commentId: record.id, pageId: record.pageId }, at)
          return yield* renderOne(resolved, record)
        })
      )

    const get = (scope: CommentScope, id: CommentId) =>
      authorized(
        Effect.gen(function* () {
          const { resolved, comment } = yield* commentIn(scope, id)
          return yield* renderOne(resolved, comment)
        })
      )

    /** Resolves or reopens, edits the body (the author only), adds and removes the caller's reactions: all or nothing. */
    const update = (scope: CommentScope, id: CommentId, input: UpdateCommentInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateCommentInput)(input)
          const { resolved, comment: current } = yield* commentIn(scope, id)
          const permissions = yield* takingPart(resolved, current.postedBy)
          const at = yield* now
          let next = current
          if (valid.body !== undefined) {
            yield* ensure(permissions.edit, "edit a comment someone else posted")
            next = { ...next, ...(yield* checkedBody(resolved, valid.body.markdown)), editedAt: at }
          }
          const resolving = valid.resolved !== undefined && valid.resolved !== (current.status === "resolved")
          if (resolving) {
            next = valid.resolved
              ? { ...next, status: "resolved", resolvedAt: at, resolvedBy: resolved.space.member.userId }
              : { ...next, status: "open", resolvedAt: null, resolvedBy: null }
          }
          if (next !== current) yield* comments.update(next)
          const reacted = yield* react(resolved, id, valid.addedReactions, valid.removedReactions, at)
          if (valid.body !== undefined) yield* appendEvent(resolved, "comment.edited", { commentId: id }, at)
          if (resolving) yield* appendEvent(resolved, valid.resolved ? "comment.resolved" : "comment.reopened", { commentId: id }, at)
          if (reacted) yield* appendEvent(resolved, "comment.reacted", { commentId: id }, at)
          return yield* renderOne(resolved, next)
        })
      )

    /** Deletes the comment and its replies; false when there was none (the official 204). */
    const remove = (scope: CommentScope, id: CommentId) =>
      command(
        Effect.gen(function* () {
          const resolved = yield* resolve(scope)
          const found = yield* comments.findById(placeOf(resolved), id)
          if (Option.isNone(found)) {
            yield* ensure(resolved.space.permissions.comment, "delete comments in this space")
            return false
          }
          yield* ensure(permissionsIn(resolved)(found.value.postedBy).delete, "delete a comment someone else posted")
          yield* ensureLive(resolved)
          yield* comments.delete(resolved.space.record.id, id)
          yield* appendEvent(resolved, "comment.deleted", { commentId: id }, yield* now)
          return true
        })
      )

    const replies = (scope: CommentScope, commentId: CommentId, page: PageRequest = {}) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(page)
          const { resolved } = yield* commentIn(scope, commentId)
          const slice = yield* comments.listReplies(resolved.space.record.id, commentId, keyset)
          const rendered = yield* renderReplies(resolved, slice.rows.slice(0, keyset.limit))
          const byId = new Map(rendered.map((r) => [r.id, r]))
          return toPage(keyset, slice, replySortKey, (row) => byId.get(row.id)!)
        })
      )

    const reply = (scope: CommentScope, commentId: CommentId, input: PostCommentReplyInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(PostCommentReplyInput)(input)
          const { resolved, comment } = yield* commentIn(scope, commentId)
          yield* takingPart(resolved, comment.postedBy)
          const at = yield* now
          const record: CommentReplyRecord = {
            id: yield* makeId<CommentReplyId>(),
            spaceId: resolved.space.record.id,
            commentId,
            ...(yield* checkedBody(resolved, valid.body.markdown)),
            postedBy: resolved.space.member.userId,
            postedAt: at,
            editedAt: null
          }
          yield* comments.insertReply(record)
          yield* appendEvent(resolved, "comment_reply.posted", { commentId, replyId: record.id }, at)
          return (yield* renderReplies(resolved, [record]))[0]!
        })
      )

    const getReply = (scope: CommentScope, commentId: CommentId, id: CommentReplyId) =>
      authorized(
        Effect.gen(function* () {
          const { resolved, place } = yield* commentIn(scope, commentId)
          return (yield* renderReplies(resolved, [yield* findReply(place, commentId, id)]))[0]!
        })
      )

    const updateReply = (scope: CommentScope, commentId: CommentId, id: CommentReplyId, input: UpdateCommentReplyInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateCommentReplyInput)(input)
          const { resolved, place } = yield* commentIn(scope, commentId)
          const current = yield* findReply(place, commentId, id)
          const permissions = yield* takingPart(resolved, current.postedBy)
          const at = yield* now
          let next = current
          if (valid.body !== undefined) {
            yield* ensure(permissions.edit, "edit a reply someone else posted")
            next = { ...current, ...(yield* checkedBody(resolved, valid.body.markdown)), editedAt: at }
            yield* comments.updateReply(next)
            yield* appendEvent(resolved, "comment_reply.edited", { commentId, replyId: id }, at)
          }
          if (yield* react(resolved, id, valid.addedReactions, valid.removedReactions, at)) {
            yield* appendEvent(resolved, "comment_reply.reacted", { commentId, replyId: id }, at)
          }
          return (yield* renderReplies(resolved, [next]))[0]!
        })
      )

    /** Deletes the reply; false when there was none (the official 204). */
    const removeReply = (scope: CommentScope, commentId: CommentId, id: CommentReplyId) =>
      command(
        Effect.gen(function* () {
          const { resolved, place } = yield* commentIn(scope, commentId)
          const found = yield* comments.findReply(place.spaceId, commentId, id)
          if (Option.isNone(found)) {
            yield* ensure(resolved.space.permissions.comment, "delete replies in this space")
            return false
          }
          yield* ensure(permissionsIn(resolved)(found.value.postedBy).delete, "delete a reply someone else posted")
          yield* ensureLive(resolved)
          yield* comments.deleteReply(place.spaceId, id)
          yield* appendEvent(resolved, "comment_reply.deleted", { commentId, replyId: id }, yield* now)
          return true
        })
      )

    /** The organization's members who posted a comment or a reply here, by first post. */
    const commenters = (scope: CommentScope, page: PageRequest = {}) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(page)
          const resolved = yield* resolve(scope)
          const organizationId = resolved.space.record.organizationId
          const slice = yield* comments.commenters(placeOf(resolved), keyset)
          const renderMember = yield* memberRenderer(spaces, urls, organizationId)
          const rows = new Map<UserId, Parameters<typeof renderMember>[0]>()
          for (const row of slice.rows.slice(0, keyset.limit)) {
            const member = yield* members.findRow(organizationId, row.userId)
            if (Option.isSome(member)) rows.set(row.userId, member.value)
          }
          const page_ = toPage(keyset, slice, commenterSortKey, (row) => rows.get(row.userId))
          return { ...page_, items: page_.items.flatMap((row) => (row === undefined ? [] : [renderMember(row)])) }
        })
      )

    return { list, post, get, update, remove, replies, reply, getReply, updateReply, removeReply, commenters } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default]
}) {}

export type { Comment, CommentReply }
