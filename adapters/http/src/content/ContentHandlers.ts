import { HttpApiBuilder, type HttpServerRequest } from "@effect/platform"
import { Content, type PageRequest, Urls } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { ConditionalReads } from "./conditionalReads.js"
import { fileDownload } from "./fileDownload.js"
import { type ScopePath, scopeOf } from "./scopes.js"
import { apiOf } from "../shared/apiOf.js"
import { ContentGroup } from "./ContentGroup.js"

type Format = "document" | "markdown" | undefined

/** What a read of content receives, in any scope: the path names the scope (see `scopeOf`). */
interface ScopedRequest<Path = {}, Query = unknown> {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly path: ScopePath & Path
  readonly urlParams: Query
}

/**
 * The reads of content, one handler each for all its scopes: a current content answers
 * `Cache-Control: no-cache`, revalidated by `ETag`; a revision named in the path is immutable
 * (see `ConditionalReads`). Made apart from their group so that `HotReads` answers the hot ones
 * with the very same functions.
 */
export const ContentReadHandlers = Effect.gen(function* () {
  const content = yield* Content
  const reads = yield* ConditionalReads

  const source = (request: HttpServerRequest.HttpServerRequest, path: ScopePath) => ({ request, from: content.open(scopeOf(path)) })

  return {
    revision: ({ path, request }: ScopedRequest) => reads.revision(source(request, path)),
    pages: ({ path, request }: ScopedRequest) => reads.pages(source(request, path)),
    pageById: ({ path, request, urlParams }: ScopedRequest<{ readonly pageId: string }, { readonly format?: Format }>) =>
      reads.page(source(request, path), path.pageId, urlParams.format),
    pageByPath: ({ path, request, urlParams }: ScopedRequest<{ readonly pagePath: string }, { readonly format?: Format }>) =>
      reads.pageByPath(source(request, path), path.pagePath, urlParams.format),
    files: ({ path, request, urlParams }: ScopedRequest<{}, PageRequest>) => reads.files(source(request, path), urlParams),
    fileById: ({ path, request }: ScopedRequest<{ readonly fileId: string }>) => reads.file(source(request, path), path.fileId)
  }
})

export const ContentHandlers = HttpApiBuilder.group(apiOf(ContentGroup), "content", (handlers) =>
  Effect.gen(function* () {
    const read = yield* ContentReadHandlers
    const content = yield* Content
    const download = ({ path, headers }: { readonly path: ScopePath & { readonly fileId: string }; readonly headers: { readonly "if-none-match"?: string | undefined } }) =>
      Effect.map(content.fileBytes(scopeOf(path), path.fileId), (found) => fileDownload(found, headers["if-none-match"]))
    const changes = ({ path, urlParams }: { readonly path: ScopePath; readonly urlParams: { readonly limit?: number | undefined } }) =>
      json(content.changes(scopeOf(path), { limit: urlParams.limit }))
    return handlers
      .handle("getCurrentRevision", read.revision)
      .handle("getRevisionOfChangeRequestById", read.revision)
      .handle("getRevisionById", read.revision)
      .handle("listPages", read.pages)
      .handle("listPagesInChangeRequest", read.pages)
      .handle("listPagesInRevisionById", read.pages)
      .handle("getPageById", read.pageById)
      .handle("getPageInChangeRequestById", read.pageById)
      .handle("getPageInRevisionById", read.pageById)
      .handle("getPageByPath", read.pageByPath)
      .handle("getPageInChangeRequestByPath", read.pageByPath)
      .handle("getPageInRevisionByPath", read.pageByPath)
      .handle("listFiles", read.files)
      .handle("listFilesInChangeRequestById", read.files)
      .handle("listFilesInRevisionById", read.files)
      .handle("getFileById", read.fileById)
      .handle("getFileInChangeRequestById", read.fileById)
      .handle("getFileInRevisionById", read.fileById)
      .handle("getRevisionSemanticChanges", changes)
      .handle("getChangeRequestChanges", changes)
      .handle("downloadFileById", download)
      .handle("downloadChangeRequestFileById", download)
  })
)

/** The group, built among only the services it uses (see `isolated`). */
export const ContentHttp = isolated(ContentHandlers, [Authentication, Content, Urls])
