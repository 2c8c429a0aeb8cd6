import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ListOf, RevisionFileSchema } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { changeRequestId, fileId, pageId, pagePath, spaceId } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"
import { Revision, RevisionPage, RevisionPages } from "./ContentGroup.js"
import { FilesQuery, PageByPathQuery, PageQuery, RevisionParams } from "./contentParams.js"

/**
 * A change request's content: its current revision read as a space's content is (the same
 * shapes and query parameters as `ContentGroup`'s), `{changeRequestId}` its id or its number.
 */
export class ChangeRequestContentGroup extends withCommonErrors(HttpApiGroup.make("changeRequestContent", { topLevel: true })
  .add(
    HttpApiEndpoint.get("getRevisionOfChangeRequestById")`/spaces/${spaceId}/change-requests/${changeRequestId}/content`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(Revision)
      .annotate(OpenApi.Summary, "Get the latest content revision of a change request")
  )
  .add(
    HttpApiEndpoint.get("listPagesInChangeRequest")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/pages`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(RevisionPages)
      .annotate(OpenApi.Summary, "List all pages in a change request as a flat list")
  )
  .add(
    HttpApiEndpoint.get("getPageInChangeRequestById")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`
      .setUrlParams(PageQuery)
      .addSuccess(RevisionPage)
      .annotate(OpenApi.Summary, "Get a page in a change request by its ID")
  )
  .add(
    HttpApiEndpoint.get("getPageInChangeRequestByPath")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/path/${pagePath}`
      .setUrlParams(PageByPathQuery)
      .addSuccess(RevisionPage)
      .annotate(OpenApi.Summary, "Get a page in a change request by its URL path")
  )
  .add(
    HttpApiEndpoint.get("listFilesInChangeRequestById")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/files`
      .setUrlParams(FilesQuery)
      .addSuccess(ListOf(RevisionFileSchema))
      .annotate(OpenApi.Summary, "List all files (images/attachments) in a change request")
  )
  .add(
    HttpApiEndpoint.get("getFileInChangeRequestById")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(RevisionFileSchema)
      .annotate(OpenApi.Summary, "Get a specific file in a change request by its ID")
  )
)
  .middleware(Authentication) {}
