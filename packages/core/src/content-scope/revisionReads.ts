import { Effect, Option } from "effect"
import type { ContentEngine } from "../content/tree/ContentEngine.js"
import type { ContentTree } from "../content/tree/ContentTree.js"
import type { ContentUrls } from "../content/tree/render/ContentUrls.js"
import { renderFile } from "../content/tree/render/renderPages.js"
import { renderPageById, renderRevision } from "../content/tree/render/renderRevision.js"
import type { RevisionFile, RevisionPage } from "../content/tree/render/wire.js"
import { NotFound } from "../shared/errors.js"

/** A file of a revision with its bytes (see `revisionReads`' `fileBytes`). */
export interface FileWithBytes {
  readonly file: RevisionFile
  readonly bytes: Uint8Array
  /** The sha256 (hex) of `bytes`: what addresses them in the `BlobStore`. */
  readonly sha256: string
}

export interface PageOptions {
  /** Add each document page's `markdown` (the official `format=markdown`). */
  readonly markdown?: boolean | undefined
}

/**
 * The reads of one revision's content in the official shapes, for a caller that has already
 * decided the revision is one it may read (a space's, or a change request's). A page or file
 * the revision does not hold is `NotFound`.
 */
export const revisionReads = (engine: ContentEngine, urls: ContentUrls, revisionId: string) => {
  const withTree = <A, E>(read: (tree: ContentTree) => Effect.Effect<A, E>) => Effect.flatMap(engine.tree(revisionId), read)
  const page = (tree: ContentTree, id: string, options: PageOptions) =>
    Effect.flatMap(renderPageById(tree, id, { urls, markdown: options.markdown === true }), (rendered) =>
      rendered === undefined ? Effect.fail(NotFound.of("Page", id)) : Effect.succeed(rendered as RevisionPage)
    )
  return {
    revision: (options: PageOptions = {}) => withTree((tree) => renderRevision(tree, { urls, markdown: options.markdown === true })),
    pages: (options: PageOptions = {}) =>
      withTree((tree) => Effect.map(renderRevision(tree, { urls, markdown: options.markdown === true }), (r) => r.pages)),
    /** Kept once rendered (see `RenderCache`), by revision, page, markdown and the URLs' scope. */
    page: (id: string, options: PageOptions = {}) => {
      const render = withTree((tree) => page(tree, id, options))
      return urls.scope === undefined
        ? render
        : engine.renders.through(`page\u0000${revisionId}\u0000${urls.scope}\u0000${id}\u0000${options.markdown === true}`, render)
    },
    /** `""` is the first document page of the root level, as the official API reads it. */
    pageByPath: (path: string, options: PageOptions = {}) =>
      withTree((tree) =>
        Effect.flatMap(tree.pageByPath(path), (found) =>
          found === undefined ? Effect.fail(NotFound.of("Page at path", path)) : page(tree, found.id, options)
        )
      ),
    files: withTree((tree) => Effect.map(tree.files, (files): ReadonlyArray<RevisionFile> => files.map((f) => renderFile(f, urls)))),
    file: (id: string) =>
      withTree((tree) =>
        Effect.flatMap(tree.file(id), (file) =>
          file === undefined ? Effect.fail(NotFound.of("File", id)) : Effect.succeed(renderFile(file, urls))
        )
      ),
    /**
     * A file with its bytes from the `BlobStore`. A file whose bytes the store lacks is a
     * defect: a revision only names files whose bytes were stored with it.
     */
    fileBytes: (id: string) =>
      withTree((tree) =>
        Effect.flatMap(tree.file(id), (file) =>
          file === undefined
            ? Effect.fail(NotFound.of("File", id))
            : Effect.flatMap(engine.blob(file.sha256), (bytes) =>
                Option.isNone(bytes)
                  ? Effect.dieMessage(`the bytes of file "${id}" (sha256 ${file.sha256}) are missing`)
                  : Effect.succeed<FileWithBytes>({ file: renderFile(file, urls), bytes: bytes.value, sha256: file.sha256 })
              )
        )
      )
  }
}
