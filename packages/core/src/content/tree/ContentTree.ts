import { Effect } from "effect"
import type { RevisionRecord } from "../../storage/content/RevisionRecord.js"
import { makeEngineReads, makeSharedEngineReads, openRevision } from "./EngineReads.js"
import type { FileValue, PageValue, ReusableValue } from "./objects.js"
import { childPages, pageByPath, pathOfPage } from "./paths.js"
import type { TreeReader } from "./TreeReader.js"

/**
 * A snapshot of one revision's content, read on demand: asking for one page loads that page
 * (and the few map nodes above it), not the whole tree.
 */
export interface ContentTree {
  readonly revision: RevisionRecord
  readonly reader: TreeReader
  readonly page: (id: string) => Effect.Effect<PageValue | undefined>
  /** The children of a page (`null`: the root level), in order. */
  readonly children: (id: string | null) => Effect.Effect<ReadonlyArray<PageValue>>
  /** The slugs from the root level down to the page, joined by `/`. */
  readonly path: (id: string) => Effect.Effect<string | undefined>
  /** `""` is the space's root page (the first document page of the root level). */
  readonly pageByPath: (path: string) => Effect.Effect<PageValue | undefined>
  /** The page's stored markdown body (no title heading); `""` for a page without document. */
  readonly body: (id: string) => Effect.Effect<string | undefined>
  readonly file: (id: string) => Effect.Effect<FileValue | undefined>
  readonly files: Effect.Effect<ReadonlyArray<FileValue>>
  readonly reusables: Effect.Effect<ReadonlyArray<ReusableValue>>
}

export const contentTreeOf = (revision: RevisionRecord, reader: TreeReader): ContentTree => ({
  revision,
  reader,
  page: reader.page,
  children: (id) => childPages(reader, id),
  path: (id) => pathOfPage(reader, id),
  pageByPath: (path) => pageByPath(reader, path),
  body: (id) =>
    Effect.flatMap(reader.page(id), (page) =>
      page === undefined ? Effect.succeed(undefined) : page.document === null ? Effect.succeed("") : reader.document(page.document)
    ),
  file: reader.file,
  files: reader.files,
  reusables: reader.reusables
})

/** Opens a revision's content; `NotFound` when there is no such revision. */
export const loadContentTree = Effect.fnUntraced(function* (revisionId: string) {
  const reads = yield* makeEngineReads
  const { record, tree } = yield* openRevision(reads, revisionId)
  return contentTreeOf(record, tree)
})

/**
 * `loadContentTree` reading through the application's caches only: a tree that may be kept
 * across calls (a revision never changes) without holding what it read.
 */
export const loadSharedContentTree = Effect.fnUntraced(function* (revisionId: string) {
  const reads = yield* makeSharedEngineReads
  const { record, tree } = yield* openRevision(reads, revisionId)
  return contentTreeOf(record, tree)
})
