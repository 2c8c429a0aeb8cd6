import { HttpApiBuilder, type HttpServerRequest } from "@effect/platform"
import { type ChangeRequestRef, ChangeRequests, type SpaceId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { ContentReads } from "./contentReads.js"

/**
 * A change request's content: its current revision, for whoever can view the space
 * (`Cache-Control: no-cache`, revalidated by `ETag`: the next content batch makes a new revision,
 * and so a new tag). See `ContentReads`.
 */
export const ChangeRequestContentHandlers = HttpApiBuilder.group(QuireApi, "changeRequestContent", (handlers) =>
  Effect.gen(function* () {
    const changeRequests = yield* ChangeRequests
    const reads = yield* ContentReads

    const draft = (request: HttpServerRequest.HttpServerRequest, path: { readonly spaceId: SpaceId; readonly changeRequestId: ChangeRequestRef }) =>
      ({ request, spaceId: path.spaceId, from: changeRequests.contentOf(path.spaceId, path.changeRequestId), cache: "current" }) as const

    return handlers
      .handle("getRevisionOfChangeRequestById", ({ path, request }) => reads.revision(draft(request, path)))
      .handle("listPagesInChangeRequest", ({ path, request }) => reads.pages(draft(request, path)))
      .handle("getPageInChangeRequestById", ({ path, request, urlParams }) =>
        reads.page(draft(request, path), path.pageId, urlParams.format)
      )
      .handle("getPageInChangeRequestByPath", ({ path, request, urlParams }) =>
        reads.pageByPath(draft(request, path), path.pagePath, urlParams.format)
      )
      .handle("listFilesInChangeRequestById", ({ path, request, urlParams }) => reads.files(draft(request, path), urlParams))
      .handle("getFileInChangeRequestById", ({ path, request }) => reads.file(draft(request, path), path.fileId))
  })
)
