import { HttpApiBuilder } from "@effect/platform"
import {
  type ChangeRequestRef,
  type CommentId,
  type CommentReplyId,
  Comments,
  type CommentScope,
  ContentScope,
  type PageRequest,
  type PostCommentInput,
  type PostCommentReplyInput,
  type SpaceId,
  type UpdateCommentInput,
  type UpdateCommentReplyInput
} from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { markdownOf } from "../content/conditionalReads.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent } from "../shared/responses.js"
import { CommentsGroup } from "./CommentsGroup.js"

/** The path parameters that name where comments are: a change request's, or else the space's. */
interface CommentPath {
  readonly spaceId: SpaceId
  readonly changeRequestId?: ChangeRequestRef
}
interface OneComment extends CommentPath {
  readonly commentId: CommentId
}
interface OneReply extends OneComment {
  readonly commentReplyId: CommentReplyId
}

type Format = "document" | "markdown" | undefined

/** The comments' scope a request's path names. */
const scopeOf = (path: CommentPath): CommentScope =>
  path.changeRequestId !== undefined
    ? ContentScope.ChangeRequest({ spaceId: path.spaceId, changeRequest: path.changeRequestId })
    : ContentScope.Space({ spaceId: path.spaceId })

interface ListQuery extends PageRequest {
  readonly order?: "asc" | "desc" | undefined
  readonly status?: "all" | "open" | "resolved" | undefined
  readonly format?: Format
  readonly targetPage?: string | undefined
  readonly authors?: ReadonlyArray<string> | undefined
}

export const CommentsHandlers = HttpApiBuilder.group(apiOf(CommentsGroup), "comments", (handlers) =>
  Effect.gen(function* () {
    const comments = yield* Comments
    /** A read answers bodies as markdown: `format=document` is refused before it runs. */
    const inMarkdown = <A, E, R>(format: Format, read: Effect.Effect<A, E, R>) => json(Effect.zipRight(markdownOf(format), read))

    const list = ({ path, urlParams: { format, ...query } }: { readonly path: CommentPath; readonly urlParams: ListQuery }) =>
      inMarkdown(format, comments.list(scopeOf(path), query))
    const post = ({ path, payload }: { readonly path: CommentPath; readonly payload: PostCommentInput }) =>
      json(comments.post(scopeOf(path), payload))
    const get = ({ path, urlParams }: { readonly path: OneComment; readonly urlParams: { readonly format?: Format } }) =>
      inMarkdown(urlParams.format, comments.get(scopeOf(path), path.commentId))
    const update = ({ path, payload }: { readonly path: OneComment; readonly payload: UpdateCommentInput }) =>
      json(comments.update(scopeOf(path), path.commentId, payload))
    const remove = ({ path }: { readonly path: OneComment }) => Effect.map(comments.remove(scopeOf(path), path.commentId), deletedOrAbsent)
    const replies = ({ path, urlParams: { format, ...page } }: { readonly path: OneComment; readonly urlParams: PageRequest & { readonly format?: Format } }) =>
      inMarkdown(format, comments.replies(scopeOf(path), path.commentId, page))
    const reply = ({
      path,
      payload,
      urlParams
    }: { readonly path: OneComment; readonly payload: PostCommentReplyInput; readonly urlParams: { readonly format?: Format } }) =>
      inMarkdown(urlParams.format, comments.reply(scopeOf(path), path.commentId, payload))
    const getReply = ({ path, urlParams }: { readonly path: OneReply; readonly urlParams: { readonly format?: Format } }) =>
      inMarkdown(urlParams.format, comments.getReply(scopeOf(path), path.commentId, path.commentReplyId))
    const updateReply = ({ path, payload }: { readonly path: OneReply; readonly payload: UpdateCommentReplyInput }) =>
      json(comments.updateReply(scopeOf(path), path.commentId, path.commentReplyId, payload))
    const removeReply = ({ path }: { readonly path: OneReply }) =>
      Effect.map(comments.removeReply(scopeOf(path), path.commentId, path.commentReplyId), deletedOrAbsent)
    const commenters = ({ path, urlParams }: { readonly path: CommentPath; readonly urlParams: PageRequest }) =>
      json(comments.commenters(scopeOf(path), urlParams))

    return handlers
      .handle("listCommentsInSpace", list)
      .handle("listCommentsInChangeRequest", list)
      .handle("postCommentInSpace", post)
      .handle("postCommentInChangeRequest", post)
      .handle("getCommentInSpace", get)
      .handle("getCommentInChangeRequest", get)
      .handle("updateCommentInSpace", update)
      .handle("updateCommentInChangeRequest", update)
      .handle("deleteCommentInSpace", remove)
      .handle("deleteCommentInChangeRequest", remove)
      .handle("listCommentRepliesInSpace", replies)
      .handle("listCommentRepliesInChangeRequest", replies)
      .handle("postCommentReplyInSpace", reply)
      .handle("postCommentReplyInChangeRequest", reply)
      .handle("getCommentReplyInSpace", getReply)
      .handle("getCommentReplyInChangeRequest", getReply)
      .handle("updateCommentReplyInSpace", updateReply)
      .handle("updateCommentReplyInChangeRequest", updateReply)
      .handle("deleteCommentReplyInSpace", removeReply)
      .handle("deleteCommentReplyInChangeRequest", removeReply)
      .handle("listCommentersInSpace", commenters)
      .handle("listCommentersInChangeRequest", commenters)
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const CommentsHttp = isolated(CommentsHandlers, [Authentication, Comments])
