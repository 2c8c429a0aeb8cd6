import { HttpApiBuilder, type HttpServerRequest } from "@effect/platform"
import { type RevisionId, SpaceContent, type SpaceId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { ContentReads } from "./contentReads.js"

/**
 * A space's content: its current revision (`Cache-Control: no-cache`, revalidated by `ETag`) or
 * one it had, named in the path (immutable). See `ContentReads`.
 */
export const ContentHandlers = HttpApiBuilder.group(QuireApi, "content", (handlers) =>
  Effect.gen(function* () {
    const content = yield* SpaceContent
    const reads = yield* ContentReads

    /** The space's current content. */
    const current = (request: HttpServerRequest.HttpServerRequest, spaceId: SpaceId) =>
      ({ request, spaceId, from: content.contentOf(spaceId), cache: "current" }) as const
    /** One of the space's revisions, named in the path. */
    const past = (request: HttpServerRequest.HttpServerRequest, spaceId: SpaceId, revision: RevisionId) =>
      ({ request, spaceId, from: content.contentOf(spaceId, { revision }), cache: "revision" }) as const

    return handlers
      .handle("getCurrentRevision", ({ path, request }) => reads.revision(current(request, path.spaceId)))
      .handle("listPages", ({ path, request }) => reads.pages(current(request, path.spaceId)))
      .handle("getPageById", ({ path, request, urlParams }) =>
        reads.page(current(request, path.spaceId), path.pageId, urlParams.format)
      )
      .handle("getPageByPath", ({ path, request, urlParams }) =>
        reads.pageByPath(current(request, path.spaceId), path.pagePath, urlParams.format)
      )
      .handle("listFiles", ({ path, request, urlParams }) => reads.files(current(request, path.spaceId), urlParams))
      .handle("getFileById", ({ path, request }) => reads.file(current(request, path.spaceId), path.fileId))
      .handle("getRevisionById", ({ path, request }) => reads.revision(past(request, path.spaceId, path.revisionId)))
      .handle("listPagesInRevisionById", ({ path, request }) => reads.pages(past(request, path.spaceId, path.revisionId)))
      .handle("getPageInRevisionById", ({ path, request, urlParams }) =>
        reads.page(past(request, path.spaceId, path.revisionId), path.pageId, urlParams.format)
      )
  })
)
