import type { HttpServerRequest } from "@effect/platform"
import { type Content, InvalidInput, offsetPage, offsetWindow, type PageRequest, Urls } from "@quire/core"
import { Effect } from "effect"
import { type Asked, contentTag } from "../etag.js"
import { conditionalJson } from "../json.js"

/**
 * The content reads' answers, in every scope: each resolves the scope first (access checked),
 * tags the answer with the revision it reads and what was asked, answers 304 when the client
 * already has that answer, and else renders it from that same revision.
 */

/**
 * `format`. The official `RevisionPageDocument` holds its body as `markdown` or as `document`
 * (the spec's `Document` allows no page without either), and the engine keeps bodies as
 * markdown and renders no document trees: so every document page carries its `markdown`,
 * whatever `format` says, and `format=document` is refused, naming `format`.
 */
export const markdownOf = (format: "document" | "markdown" | undefined) =>
  format === "document"
    ? Effect.fail(InvalidInput.of("format", "document is not supported; use markdown or leave it out"))
    : Effect.succeed(true)

/** Reads of whole trees: every document page with its `markdown` (see `markdownOf`). */
export const withBodies = { markdown: true } as const

/**
 * `Cache-Control` of the content reads. A read of a revision named in the path answers the same
 * for ever; a read of a space's or a change request's current content must be revalidated (with
 * its `ETag`, cheaply) each time. Both are the caller's own (`private`): answers depend on who asks.
 */
export const CacheControl = {
  revision: "private, max-age=31536000, immutable",
  current: "private, no-cache"
} as const

/** A scope resolved for the caller, with the reads of its revision (`Content.open`). */
export type OpenedContent = Effect.Effect.Success<ReturnType<Content["open"]>>

/** Where a read's content comes from: the scope, resolved (and the caller's access checked) by `from`. */
export interface ContentSource<E, R> {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly from: Effect.Effect<OpenedContent, E, R>
}

/** The content reads' answers, among the services they use (built once per handler group). */
export const ConditionalReads = Effect.gen(function* () {
  const urls = yield* Urls

  /** Resolves the scope, then answers 304 when `If-None-Match` names the answer's tag, else the rendered answer. */
  const answer = <E, R, A, E2, R2>(
    source: ContentSource<E, R>,
    asked: Asked,
    render: (content: OpenedContent) => Effect.Effect<A, E2, R2>
  ) =>
    Effect.flatMap(source.from, (content) =>
      conditionalJson(
        source.request.headers["if-none-match"],
        {
          etag: contentTag(content.revisionId, asked, urls.base),
          cacheControl: content.current ? CacheControl.current : CacheControl.revision
        },
        render(content)
      )
    )

  return {
    revision: <E, R>(source: ContentSource<E, R>) => answer(source, ["revision"], (content) => content.revision(withBodies)),
    pages: <E, R>(source: ContentSource<E, R>) =>
      answer(source, ["pages"], (content) => Effect.map(content.pages(withBodies), (pages) => ({ pages }))),
    page: <E, R>(source: ContentSource<E, R>, pageId: string, format: "document" | "markdown" | undefined) =>
      Effect.flatMap(markdownOf(format), (markdown) =>
        answer(source, ["page", pageId, markdown], (content) => content.page(pageId, { markdown }))
      ),
    pageByPath: <E, R>(source: ContentSource<E, R>, path: string, format: "document" | "markdown" | undefined) =>
      Effect.flatMap(markdownOf(format), (markdown) =>
        answer(source, ["pageByPath", path, markdown], (content) => content.pageByPath(path, { markdown }))
      ),
    files: <E, R>(source: ContentSource<E, R>, request: PageRequest) =>
      Effect.flatMap(offsetWindow(request), (window) =>
        answer(source, ["files", window.start, window.limit], (content) =>
          Effect.flatMap(content.files, (files) => offsetPage(files, window))
        )
      ),
    file: <E, R>(source: ContentSource<E, R>, fileId: string) =>
      answer(source, ["file", fileId], (content) => content.file(fileId))
  }
})
