import { Effect } from "effect"
import { parseDocument } from "../content/markdown/parseDocument.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { ContentScope } from "../content-scope/ContentScope.js"
import type { ResolvedScope } from "../content-scope/ResolvedScope.js"
import { makeScopeResolver } from "../content-scope/resolveScope.js"
import { type FileWithBytes, revisionReads } from "../content-scope/revisionReads.js"
import { mapInTurns } from "../content/tree/render/turns.js"
import type { RevisionFile, RevisionPage } from "../content/tree/render/wire.js"
import { Access } from "../policy/Access.js"
import { authorized } from "../policy/Authorized.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import type { ChangeRequestId, RevisionId, SpaceId } from "../shared/ids.js"

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
 * Exports of content as PDF: what a caller who can view a scope's space may export (a space's
 * or a change request's current content, at the revision it has when asked), and the content of
 * an export, read again as that caller when it is downloaded. Viewing the space is all it
 * takes, both times.
 */
export class PdfExports extends Effect.Service<PdfExports>()("@quire/core/PdfExports", {
  effect: Effect.gen(function* () {
    const engine = yield* ContentEngine
    const { resolve, readableRevision } = yield* makeScopeResolver

    /**
     * An export of the scope's content at the revision it reads now; an unknown `page` is
     * `NotFound`. A change request's export names it, so its title and files are its own.
     */
    const target = (scope: ContentScope, options: ExportOptions = {}) =>
      authorized(
        Effect.gen(function* () {
          yield* checkOptions(options)
          const resolved = yield* resolve(scope)
          if (options.page !== undefined) yield* revisionReads(engine, resolved.urls, resolved.revisionId).page(options.page)
          return {
            space: resolved.space.record.id,
            changeRequest: resolved.changeRequest?.id,
            revision: resolved.revisionId,
            page: options.page,
            only: options.only === true
          } satisfies ExportTarget
        })
      )

    /**
     * The revision an export names, when the caller may read it: the scope's current one, one
     * made in the space, or one made in another space the caller can view (`Access.revision`).
     * Anything else is `NotFound`, so no other space's revision leaks.
     */
    const ensureReadable = (spaceId: SpaceId, revision: RevisionId, current: RevisionId) =>
      revision === current ? Effect.void : Effect.asVoid(readableRevision(spaceId, revision))

    /** The title of an export: the space's, or the change request's subject (`Change request #n` without one). */
    const titleOf = (resolved: ResolvedScope) =>
      resolved.changeRequest === undefined
        ? resolved.space.record.title
        : resolved.changeRequest.subject === ""
          ? `Change request #${resolved.changeRequest.number}`
          : resolved.changeRequest.subject

    /**
     * The content an export names, for a caller who can (still) view its space or change
     * request: a caller who lost access since gets `NotFound`, as does a page gone from it.
     */
    const content = (target: ExportTarget) =>
      authorized(
        Effect.gen(function* () {
          const resolved = yield* resolve(
            target.changeRequest === undefined
              ? ContentScope.Space({ spaceId: target.space })
              : ContentScope.ChangeRequest({ spaceId: target.space, changeRequest: target.changeRequest })
          )
          yield* ensureReadable(target.space, target.revision, resolved.revisionId)
          const reads = revisionReads(engine, resolved.urls, target.revision)
          const pages = yield* flatten(yield* reads.pages({ markdown: true }))
          const page = target.page
          if (page !== undefined && !pages.some((p) => p.id === page)) return yield* Effect.fail(NotFound.of("Page", page))
          const selected = target.only ? pages.filter((p) => p.id === page).map((p) => ({ ...p, depth: 0 })) : pages
          const content: ExportContent = {
            title: titleOf(resolved),
            pages: selected,
            files: yield* reads.files,
            fileBytes: (fileId) => Effect.catchTag(reads.fileBytes(fileId), "NotFound", () => Effect.succeed(undefined))
          }
          return content
        })
      )

    return { target, content } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default]
}) {}
