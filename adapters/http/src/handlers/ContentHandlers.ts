import { HttpApiBuilder } from "@effect/platform"
import {
  ChangeRequests,
  InvalidInput,
  MAX_LIMIT,
  type Revision,
  type RevisionId,
  SpaceContent,
  type SpaceId
} from "@quire/core"
import { Effect, Option } from "effect"
import { QuireApi } from "../Api.js"
import { json } from "../json.js"

/**
 * `format`. The official `RevisionPageDocument` holds its body as `markdown` or as `document`
 * (the spec's `Document` allows no page without either), and the engine keeps bodies as
 * markdown and renders no document trees: so every document page carries its `markdown`,
 * whatever `format` says, and `format=document` is refused, naming `format`.
 */
const markdownOf = (format: "document" | "markdown" | undefined) =>
  format === "document"
    ? Effect.fail(InvalidInput.of("format", "document is not supported; use markdown or leave it out"))
    : Effect.succeed(true)

/** Reads of whole trees: every document page with its `markdown` (see `markdownOf`). */
const withBodies = { markdown: true } as const

const DEFAULT_FILES_LIMIT = 50

/**
 * One page of a list the core answers whole (a revision's files): `page` is the offset the
 * previous page's `next` gave, `limit` checked as every list checks it.
 */
const pageOf = <A>(items: ReadonlyArray<A>, request: { readonly page?: string | undefined; readonly limit?: number | undefined }) =>
  Effect.gen(function* () {
    const limit = request.limit ?? DEFAULT_FILES_LIMIT
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return yield* Effect.fail(InvalidInput.of("limit", `must be a whole number from 1 to ${MAX_LIMIT}`))
    }
    const start = request.page === undefined ? 0 : Number(request.page)
    if (request.page !== undefined && !(/^[0-9]{1,9}$/.test(request.page) && start <= items.length)) {
      return yield* Effect.fail(InvalidInput.of("page", "is not a page token this list gave"))
    }
    const end = start + limit
    return {
      ...(end < items.length ? { next: { page: String(end) } } : {}),
      count: items.length,
      items: items.slice(start, end)
    }
  })

export const ContentHandlers = HttpApiBuilder.group(QuireApi, "content", (handlers) =>
  Effect.gen(function* () {
    const content = yield* SpaceContent
    const changeRequests = yield* ChangeRequests

    /** The merged change request whose merge made `revision`, if one did. */
    const mergedFrom = (spaceId: SpaceId, revision: string) =>
      Effect.map(changeRequests.mergedAs(spaceId, revision as RevisionId), Option.getOrUndefined)

    /** The official `Revision`: a `merge` revision names the change request it came from (`mergedFrom`). */
    const withMergedFrom = (spaceId: SpaceId, revision: Revision) =>
      revision.type !== "merge" || revision.mergedFrom !== undefined
        ? Effect.succeed(revision)
        : Effect.map(mergedFrom(spaceId, revision.id), (from) => (from === undefined ? revision : { ...revision, mergedFrom: from }))

    const revisionOf = (spaceId: SpaceId, revision?: RevisionId) =>
      Effect.flatMap(content.revision(spaceId, { revision, ...withBodies }), (r) => withMergedFrom(spaceId, r))

    return handlers
      .handle("getCurrentRevision", ({ path }) => json(revisionOf(path.spaceId)))
      .handle("listPages", ({ path }) => json(Effect.map(content.pages(path.spaceId, withBodies), (pages) => ({ pages }))))
      .handle("getPageById", ({ path, urlParams }) =>
        json(Effect.flatMap(markdownOf(urlParams.format), (markdown) => content.page(path.spaceId, path.pageId, { markdown })))
      )
      .handle("getPageByPath", ({ path, urlParams }) =>
        json(
          Effect.flatMap(markdownOf(urlParams.format), (markdown) => content.pageByPath(path.spaceId, path.pagePath, { markdown }))
        )
      )
      .handle("listFiles", ({ path, urlParams }) => json(Effect.flatMap(content.files(path.spaceId), (files) => pageOf(files, urlParams))))
      .handle("getFileById", ({ path }) => json(content.file(path.spaceId, path.fileId)))
      .handle("getRevisionById", ({ path }) => json(revisionOf(path.spaceId, path.revisionId)))
      .handle("listPagesInRevisionById", ({ path }) =>
        json(Effect.map(content.pages(path.spaceId, { revision: path.revisionId, ...withBodies }), (pages) => ({ pages })))
      )
      .handle("getPageInRevisionById", ({ path, urlParams }) =>
        json(
          Effect.flatMap(markdownOf(urlParams.format), (markdown) =>
            content.page(path.spaceId, path.pageId, { revision: path.revisionId, markdown })
          )
        )
      )
  })
)
