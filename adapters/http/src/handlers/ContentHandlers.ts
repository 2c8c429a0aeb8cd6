import { HttpApiBuilder, type HttpServerRequest } from "@effect/platform"
import { type RevisionId, SpaceContent, type SpaceId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import type { ContentGroup } from "../groups/ContentGroup.js"
import { ContentReads } from "./contentReads.js"
import type { RequestOf } from "../shared/RequestOf.js"

/**
 * A space's content: its current revision (`Cache-Control: no-cache`, revalidated by `ETag`) or
 * one it had, named in the path (immutable). See `ContentReads`. The handlers are made apart
 * from their group so that `HotReads` answers the hot ones with the very same functions.
 */
export const ContentReadHandlers = Effect.gen(function* () {
  const content = yield* SpaceContent
  const reads = yield* ContentReads

  /** The space's current content. */
  const current = (request: HttpServerRequest.HttpServerRequest, spaceId: SpaceId) =>
    ({ request, spaceId, from: content.contentOf(spaceId), cache: "current" }) as const
  /** One of the space's revisions, named in the path. */
  const past = (request: HttpServerRequest.HttpServerRequest, spaceId: SpaceId, revision: RevisionId) =>
    ({ request, spaceId, from: content.contentOf(spaceId, { revision }), cache: "revision" }) as const

  type Request<Name extends string> = RequestOf<typeof ContentGroup, Name>

  return {
    getCurrentRevision: ({ path, request }: Request<"getCurrentRevision">) => reads.revision(current(request, path.spaceId)),
    listPages: ({ path, request }: Request<"listPages">) => reads.pages(current(request, path.spaceId)),
    getPageById: ({ path, request, urlParams }: Request<"getPageById">) =>
      reads.page(current(request, path.spaceId), path.pageId, urlParams.format),
    getPageByPath: ({ path, request, urlParams }: Request<"getPageByPath">) =>
      reads.pageByPath(current(request, path.spaceId), path.pagePath, urlParams.format),
    listFiles: ({ path, request, urlParams }: Request<"listFiles">) => reads.files(current(request, path.spaceId), urlParams),
    getFileById: ({ path, request }: Request<"getFileById">) => reads.file(current(request, path.spaceId), path.fileId),
    getRevisionById: ({ path, request }: Request<"getRevisionById">) => reads.revision(past(request, path.spaceId, path.revisionId)),
    listPagesInRevisionById: ({ path, request }: Request<"listPagesInRevisionById">) =>
      reads.pages(past(request, path.spaceId, path.revisionId)),
    getPageInRevisionById: ({ path, request, urlParams }: Request<"getPageInRevisionById">) =>
      reads.page(past(request, path.spaceId, path.revisionId), path.pageId, urlParams.format)
  }
})

export const ContentHandlers = HttpApiBuilder.group(QuireApi, "content", (handlers) =>
  Effect.map(ContentReadHandlers, (read) =>
    handlers
      .handle("getCurrentRevision", read.getCurrentRevision)
      .handle("listPages", read.listPages)
      .handle("getPageById", read.getPageById)
      .handle("getPageByPath", read.getPageByPath)
      .handle("listFiles", read.listFiles)
      .handle("getFileById", read.getFileById)
      .handle("getRevisionById", read.getRevisionById)
      .handle("listPagesInRevisionById", read.listPagesInRevisionById)
      .handle("getPageInRevisionById", read.getPageInRevisionById)
  )
)
