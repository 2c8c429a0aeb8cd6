import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Comment, CommentReply, ListOf, Member, PostCommentInput, PostCommentReplyInput, UpdateCommentInput, UpdateCommentReplyInput } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { type ScopeName, scoped } from "../content/scopes.js"
import { commentId, commentReplyId } from "../params.js"
import { NoContent, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"
import { CommentersQuery, CommentListQuery, CommentReadQuery, CommentRepliesQuery } from "./commentQueries.js"

/** Where comments are: a space's main content, or a change request's. */
type CommentScopeName = Exclude<ScopeName, "Revision">

/**
 * Each operation on comments, declared once as a function of its scope (see `scoped`), under
 * the scope's owner: `/spaces/{spaceId}/comments...` or
 * `/spaces/{spaceId}/change-requests/{changeRequestId}/comments...`.
 */
const list = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("GET", name, scope, "/comments", {}, "owner").setUrlParams(CommentListQuery).addSuccess(ListOf(Comment))

const post = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("POST", name, scope, "/comments", {}, "owner").setPayload(PostCommentInput).addSuccess(Comment).pipe(takesJsonBody)

const get = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("GET", name, scope, "/comments/:commentId", { commentId }, "owner").setUrlParams(CommentReadQuery).addSuccess(Comment)

const update = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("PUT", name, scope, "/comments/:commentId", { commentId }, "owner")
    .setPayload(UpdateCommentInput)
    .addSuccess(Comment)
    .pipe(takesJsonBody)

/** 205 when it was deleted, 204 when there was none. */
const remove = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("DELETE", name, scope, "/comments/:commentId", { commentId }, "owner").addSuccess(ResetContent).addSuccess(NoContent)

const replies = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("GET", name, scope, "/comments/:commentId/replies", { commentId }, "owner")
    .setUrlParams(CommentRepliesQuery)
    .addSuccess(ListOf(CommentReply))

const reply = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("POST", name, scope, "/comments/:commentId/replies", { commentId }, "owner")
    .setUrlParams(CommentReadQuery)
    .setPayload(PostCommentReplyInput)
    .addSuccess(CommentReply)
    .pipe(takesJsonBody)

const getReply = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("GET", name, scope, "/comments/:commentId/replies/:commentReplyId", { commentId, commentReplyId }, "owner")
    .setUrlParams(CommentReadQuery)
    .addSuccess(CommentReply)

const updateReply = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("PUT", name, scope, "/comments/:commentId/replies/:commentReplyId", { commentId, commentReplyId }, "owner")
    .setPayload(UpdateCommentReplyInput)
    .addSuccess(CommentReply)
    .pipe(takesJsonBody)

const removeReply = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("DELETE", name, scope, "/comments/:commentId/replies/:commentReplyId", { commentId, commentReplyId }, "owner")
    .addSuccess(ResetContent)
    .addSuccess(NoContent)

const commenters = <const Name extends string, Scope extends CommentScopeName>(name: Name, scope: Scope) =>
  scoped("GET", name, scope, "/commenters", {}, "owner").setUrlParams(CommentersQuery).addSuccess(ListOf(Member))

/** Comments, their replies and reactions, on a space's content and on a change request's. */
export class CommentsGroup extends withCommonErrors(
  HttpApiGroup.make("comments", { topLevel: true })
    .add(list("listCommentsInSpace", "Space").annotate(OpenApi.Summary, "List all top-level comments posted on a space"))
    .add(list("listCommentsInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "List all top-level comments in a change request"))
    .add(post("postCommentInSpace", "Space").annotate(OpenApi.Summary, "Post a new comment on a space or a specific page"))
    .add(post("postCommentInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "Post a new comment on a change request"))
    .add(get("getCommentInSpace", "Space").annotate(OpenApi.Summary, "Get a single comment from a space by its ID"))
    .add(get("getCommentInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "Get a single comment from a change request by its ID"))
    .add(update("updateCommentInSpace", "Space").annotate(OpenApi.Summary, "Update the body or status of a space comment"))
    .add(
      update("updateCommentInChangeRequest", "ChangeRequest").annotate(
        OpenApi.Summary,
        "Update the content or status of a change request comment"
      )
    )
    .add(remove("deleteCommentInSpace", "Space").annotate(OpenApi.Summary, "Delete a space comment"))
    .add(remove("deleteCommentInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "Delete a change request comment"))
    .add(replies("listCommentRepliesInSpace", "Space").annotate(OpenApi.Summary, "List all replies to a comment in a space"))
    .add(
      replies("listCommentRepliesInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "List all replies to a change request comment")
    )
    .add(reply("postCommentReplyInSpace", "Space").annotate(OpenApi.Summary, "Post a reply to an existing space comment"))
    .add(reply("postCommentReplyInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "Post a reply to a change request comment"))
    .add(getReply("getCommentReplyInSpace", "Space").annotate(OpenApi.Summary, "Get a single reply to a space comment by its ID"))
    .add(
      getReply("getCommentReplyInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "Get a single reply to a change request comment")
    )
    .add(updateReply("updateCommentReplyInSpace", "Space").annotate(OpenApi.Summary, "Update the body of a reply to a space comment"))
    .add(
      updateReply("updateCommentReplyInChangeRequest", "ChangeRequest").annotate(
        OpenApi.Summary,
        "Update the content of a change request comment reply"
      )
    )
    .add(removeReply("deleteCommentReplyInSpace", "Space").annotate(OpenApi.Summary, "Delete a space comment reply"))
    .add(
      removeReply("deleteCommentReplyInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "Delete a change request comment reply")
    )
    .add(commenters("listCommentersInSpace", "Space").annotate(OpenApi.Summary, "List all users who have posted comments in a space"))
    .add(
      commenters("listCommentersInChangeRequest", "ChangeRequest").annotate(
        OpenApi.Summary,
        "List all users who have commented in a change request"
      )
    )
).middleware(Authentication) {}
