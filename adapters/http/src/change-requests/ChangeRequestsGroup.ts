import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  ChangeRequest,
  ChangeRequestContentUpdate,
  ChangeRequestMergeConflicts,
  ChangeRequestStatus,
  ChangeRequestUserContributor,
  ContentChangesInput,
  CreateChangeRequestInput,
  ListOf,
  MergeResult,
  UpdateChangeRequestInput,
  UpdateResult
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { BooleanParam, changeRequestId, PageParams, spaceId, UrlText } from "../params.js"
import { created, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

/**
 * What `updateChangeRequestContent` answers: the change request (`compat`, the default), or
 * the change request and the pages the batch touched (`compat=false`), as the official
 * `oneOf` says.
 */
const ContentUpdateAnswer = Schema.Union(ChangeRequest, ChangeRequestContentUpdate).annotations({
  description: "The change request when `compat=true` (default), or the change request plus the list of affected pages when `compat=false`."
})

export class ChangeRequestsGroup extends withCommonErrors(HttpApiGroup.make("changeRequests", { topLevel: true })
  .add(
    HttpApiEndpoint.post("createChangeRequest")`/spaces/${spaceId}/change-requests`
      .setPayload(CreateChangeRequestInput)
      .addSuccess(created(ChangeRequest))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create a new change request in a space")
  )
  .add(
    HttpApiEndpoint.get("listChangeRequestsForSpace")`/spaces/${spaceId}/change-requests`
      .setUrlParams(
        Schema.Struct({
          ...PageParams,
          status: Schema.optional(ChangeRequestStatus.annotations({ default: "open" })),
          creator: Schema.optional(UrlText)
        })
      )
      .addSuccess(ListOf(ChangeRequest))
      .annotate(OpenApi.Summary, "List all change requests for a space")
  )
  .add(
    HttpApiEndpoint.get("getChangeRequestById")`/spaces/${spaceId}/change-requests/${changeRequestId}`
      .addSuccess(ChangeRequest)
      .annotate(OpenApi.Summary, "Get a change request by its ID")
  )
  .add(
    HttpApiEndpoint.patch("updateChangeRequestById")`/spaces/${spaceId}/change-requests/${changeRequestId}`
      .setPayload(UpdateChangeRequestInput)
      .addSuccess(ChangeRequest)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update a change request's subject, description, or status")
  )
  .add(
    HttpApiEndpoint.post("mergeChangeRequest")`/spaces/${spaceId}/change-requests/${changeRequestId}/merge`
      .addSuccess(MergeResult)
      .annotate(OpenApi.Summary, "Merge a change request into the space's live content")
      .annotate(
        OpenApi.Description,
        "Merges the change request into the space: the three-way merge of the space's content and the change " +
          'request\'s, from where the change request last took the space\'s. With `result: "conflicts"` nothing ' +
          "changed and `revision` is the space's; `getChangeRequestMergeConflicts` lists the conflicts."
      )
  )
  .add(
    HttpApiEndpoint.post("updateChangeRequest")`/spaces/${spaceId}/change-requests/${changeRequestId}/update`
      .addSuccess(UpdateResult)
      .annotate(OpenApi.Summary, "Sync a change request with the latest live space content")
  )
  .add(
    HttpApiEndpoint.post("updateChangeRequestContent")`/spaces/${spaceId}/change-requests/${changeRequestId}/content`
      .setPayload(ContentChangesInput)
      .setUrlParams(Schema.Struct({ compat: Schema.optional(BooleanParam("compat")) }))
      .addSuccess(ContentUpdateAnswer)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Apply a batch of content changes to a change request")
  )
  .add(
    // Not in the official spec: the dry run of a merge and its conflicts, in one answer.
    HttpApiEndpoint.get("getChangeRequestMergeConflicts")`/spaces/${spaceId}/change-requests/${changeRequestId}/merge-conflicts`
      .addSuccess(ChangeRequestMergeConflicts)
      .annotate(OpenApi.Summary, "List the conflicts that stop a change request from merging")
      .annotate(
        OpenApi.Description,
        "Tells whether the change request would merge into the space now, without merging it (`mergeable`), " +
          "and lists each conflict that stops it: the page, the kind of conflict, why, the fields both sides set " +
          "differently, and both versions' markdown (`space` and `changeRequest`; absent where the page does not " +
          "exist on that side). Needs the right to merge."
      )
  )
  .add(
    HttpApiEndpoint.get("getContributorsByChangeRequestId")`/spaces/${spaceId}/change-requests/${changeRequestId}/contributors`
      .addSuccess(ListOf(ChangeRequestUserContributor))
      .annotate(OpenApi.Summary, "List all users who have made edits to a change request")
      .annotate(
        OpenApi.Description,
        "The users who wrote to the change request's content or updated it from the space, by first write, each " +
          "with how many writes (`count`) and the last one's time (`updatedAt`). Creating it is no contribution."
      )
  )
)
  .middleware(Authentication) {}
