import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { BacklinkList, LinkList, LinkStatusSchema } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { changeRequestId, fileId, PageParams, pageId, spaceId } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"

/** A link list's query: `page`, `limit`, and only the links of one `status` (400 naming `status` for any other). */
const LinkQuery = Schema.Struct({ ...PageParams, status: Schema.optionalWith(LinkStatusSchema, { exact: true }) })
const BacklinkQuery = Schema.Struct(PageParams)

/**
 * The seed's link operations, absent from the official spec (named here after its style): the
 * links of a space's content and of one page, and the pages that use a file, in the space's
 * current content or a change request's.
 */
export class LinksGroup extends withCommonErrors(HttpApiGroup.make("links", { topLevel: true })
  .add(
    HttpApiEndpoint.get("listSpaceLinks")`/spaces/${spaceId}/links`
      .setUrlParams(LinkQuery)
      .addSuccess(LinkList)
      .annotate(OpenApi.Summary, "List the links in the content of a space, with their status")
  )
  .add(
    HttpApiEndpoint.get("listPageLinks")`/spaces/${spaceId}/content/page/${pageId}/links`
      .setUrlParams(LinkQuery)
      .addSuccess(LinkList)
      .annotate(OpenApi.Summary, "List the links in a page of a space, with their status")
  )
  .add(
    HttpApiEndpoint.get("listFileBacklinks")`/spaces/${spaceId}/content/files/${fileId}/backlinks`
      .setUrlParams(BacklinkQuery)
      .addSuccess(BacklinkList)
      .annotate(OpenApi.Summary, "List the pages of a space that use a file")
  )
  .add(
    HttpApiEndpoint.get("listPageLinksInChangeRequest")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}/links`
      .setUrlParams(LinkQuery)
      .addSuccess(LinkList)
      .annotate(OpenApi.Summary, "List the links in a page of a change request, with their status")
  )
  .add(
    HttpApiEndpoint.get("listFileBacklinksInChangeRequest")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/backlinks`
      .setUrlParams(BacklinkQuery)
      .addSuccess(BacklinkList)
      .annotate(OpenApi.Summary, "List the pages of a change request that use a file")
  )
)
  .middleware(Authentication) {}
