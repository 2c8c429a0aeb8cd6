import { Effect } from "effect"
import type { ChangeRequestRef } from "../change-requests/ChangeRequests.js"
import { parseDocument } from "../content/markdown/parseDocument.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { changeRequestContentUrls, contentUrls } from "../content/tree/render/ContentUrls.js"
import { mapInTurns } from "../content/tree/render/turns.js"
import type { RevisionFile, RevisionPage } from "../content/tree/render/wire.js"
import { Access } from "../policy/Access.js"
import { authorized } from "../policy/Authorized.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import type { ChangeRequestId, RevisionId, SpaceId } from "../shared/ids.js"
import { Urls } from "../shared/Urls.js"
import { type FileWithBytes, revisionContent } from "../spaces/revisionContent.js"

export type { FileWithBytes } from "../spaces/revisionContent.js"

/** The official `only` and `page` of a PDF export. */
export interface ExportOptions {
  /** A page of the content (its id); unknown: `NotFound`. */
  readonly page?: string | undefined
  /** Only `page`, not the whole content; needs `page`. */
  readonly only?: boolean | undefined
}

/**
 * What an export is of: a space's or a change request's content at one revision (the one the
 * caller saw when it asked), all of it or one page. The HTTP adapter signs it into a URL.
 */
export interface ExportTarget {
  readonly space: SpaceId
  readonly changeRequest?: ChangeRequestId | undefined
  readonly revision: RevisionId
  readonly page?: string | undefined
  readonly only: boolean
}

/** A page to print: its place in the tree (0 at the root level) and its body. */
export interface ExportPage {
  readonly id: string
  readonly title: string
  readonly type: RevisionPage["type"]
  readonly depth: number
  /** A document page's body in markdown (without the title, which `title` holds); `""` for group, link and computed pages. */
  readonly markdown: string
}

/** The content of an export, read for a caller who may still view it. */
export interface ExportContent {
  /** The space's title, or the change request's subject (`Change request #n` without one). */
  readonly title: string
  /** In tree order: depth-first, each page before its subpages, as `listPages` orders them. */
  readonly pages: ReadonlyArray<ExportPage>
  readonly files: ReadonlyArray<RevisionFile>
  /** A file of the exported revision with its bytes; undefined for a file it does not hold. */
  readonly fileBytes: (fileId: string) => Effect.Effect<FileWithBytes | undefined>
}

/** A page's body without its title heading; as stored when the parser cannot read it (a document older than the limits). */
const exportedBody = (markdown: string): string => {
  try {
    return parseDocument(markdown).body
  } catch {
    return markdown
  }
}

/** Every page of a rendered tree with its depth, depth-first, each before its subpages. */
const inTreeOrder = (
  pages: ReadonlyArray<RevisionPage>,
  depth = 0,
  out: Array<{ readonly page: RevisionPage; readonly depth: number }> = []
) => {
  for (const page of pages) {
    out.push({ page, depth })
    if ("pages" in page) inTreeOrder(page.pages as ReadonlyArray<RevisionPage>, depth + 1, out)
  }
  return out
}

/** Every page of a rendered tree to print, in tree order; their bodies are read in turns of the event loop. */
const flatten = (pages: ReadonlyArray<RevisionPage>): Effect.Effect<ReadonlyArray<ExportPage>> =>
  mapInTurns(inTreeOrder(pages), ({ page, depth }) => {
    // The rendered markdown leads with the title as a heading (and any description as frontmatter): print the body.
    const markdown = "markdown" in page && typeof page.markdown === "string" ? exportedBody(page.markdown) : ""
    return { id: page.id, title: page.title, type: page.type, depth, markdown }
  })

const checkOptions = (options: ExportOptions) =>
  options.only === true && options.page === undefined
    ? Effect.fail(InvalidInput.of("page", "is required when only is true"))
    : Effect.void

/**
 * Exports of content (PDF): what a caller who can view a space or change request may export,
 * and the content of an export, read again as that caller when it is downloaded. Viewing the
 * space is all it takes, both times. Also the bytes of a change request's files.
 */
export class ContentExports extends Effect.Service<ContentExports>()("@quire/core/ContentExports", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const engine = yield* ContentEngine
    const urls = yield* Urls

    /** The target of an export of `revision`; an unknown `page` is `NotFound`. */
    const targetOf = (
      space: SpaceId,
      changeRequest: ChangeRequestId | undefined,
      revision: RevisionId,
      options: ExportOptions
    ) =>
      Effect.gen(function* () {
        if (options.page !== undefined) {
          yield* revisionContent(engine, contentUrls(urls, space), revision).page(options.page)
        }
        return { space, changeRequest, revision, page: options.page, only: options.only === true } satisfies ExportTarget
      })

    /** An export of the space's current content. */
    const space = (spaceId: SpaceId, options: ExportOptions = {}) =>
      authorized(
        Effect.gen(function* () {
          yield* checkOptions(options)
          const grant = yield* access.space(spaceId)
          return yield* targetOf(spaceId, undefined, grant.record.revisionId, options)
        })
      )

    /** An export of the change request's current content. */
    const changeRequest = (spaceId: SpaceId, ref: ChangeRequestRef, options: ExportOptions = {}) =>
      authorized(
        Effect.gen(function* () {
          yield* checkOptions(options)
          const grant = yield* access.changeRequest(spaceId, ref)
          return yield* targetOf(spaceId, grant.record.id, grant.record.revisionId, options)
        })
      )

    /**
     * The revision an export names, when the caller may read it: the current one, one made in
     * the space, or one made in another space the caller can view (as `SpaceContent` reads
     * revisions). Anything else is `NotFound`, so no other space's revision leaks.
     */
    const ensureReadable = (spaceId: SpaceId, revision: RevisionId, current: RevisionId) =>
      revision === current ? Effect.void : Effect.asVoid(access.revision(spaceId, revision))

    /**
     * The content an export names, for a caller who can (still) view its space or change
     * request: a caller who lost access since gets `NotFound`, as does a page gone from it.
     */
    const content = (target: ExportTarget) =>
      authorized(
        Effect.gen(function* () {
          const of =
            target.changeRequest === undefined
              ? Effect.map(access.space(target.space), (grant) => ({
                  title: grant.record.title,
                  current: grant.record.revisionId,
                  urls: contentUrls(urls, target.space)
                }))
              : Effect.map(access.changeRequest(target.space, target.changeRequest), (grant) => ({
                  title: grant.record.subject === "" ? `Change request #${grant.record.number}` : grant.record.subject,
                  current: grant.record.revisionId,
                  urls: changeRequestContentUrls(urls, target.space, grant.record.id)
                }))
          const source = yield* of
          yield* ensureReadable(target.space, target.revision, source.current)
          const reads = revisionContent(engine, source.urls, target.revision)
          const pages = yield* flatten(yield* reads.pages({ markdown: true }))
          const page = target.page
          if (page !== undefined && !pages.some((p) => p.id === page)) return yield* Effect.fail(NotFound.of("Page", page))
          const selected = target.only ? pages.filter((p) => p.id === page).map((p) => ({ ...p, depth: 0 })) : pages
          const content: ExportContent = {
            title: source.title,
            pages: selected,
            files: yield* reads.files,
            fileBytes: (fileId) => Effect.catchTag(reads.fileBytes(fileId), "NotFound", () => Effect.succeed(undefined))
          }
          return content
        })
      )

    /** A file of the change request's current content with its bytes: `{ file, bytes }`. */
    const changeRequestFile = (spaceId: SpaceId, ref: ChangeRequestRef, fileId: string) =>
      authorized(
        Effect.flatMap(access.changeRequest(spaceId, ref), (grant) =>
          revisionContent(engine, changeRequestContentUrls(urls, spaceId, grant.record.id), grant.record.revisionId).fileBytes(fileId)
        )
      )

    return { space, changeRequest, content, changeRequestFile } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default]
}) {}
