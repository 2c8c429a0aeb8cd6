import { Effect, Option } from "effect"
import type { ContentTree } from "../tree/ContentTree.js"
import type { FileValue, PageValue } from "../tree/objects.js"
import { ROOT_KEY } from "../tree/objects.js"

/** A page as the layout writes it: its stored metadata, its body, its children in order. */
export interface LayoutPage {
  readonly page: PageValue
  /** The stored markdown body (no frontmatter, no title heading); `""` without document. */
  readonly body: string
  readonly children: ReadonlyArray<LayoutPage>
}

export interface LayoutFile {
  readonly file: FileValue
  readonly bytes: Uint8Array
}

/** A revision's content, whole, as the Git layout writes it. */
export interface LayoutContent {
  /** The root level's pages in order. */
  readonly pages: ReadonlyArray<LayoutPage>
  /** Files by id. */
  readonly files: ReadonlyArray<LayoutFile>
}

/** Where the layout finds a file's bytes (the engine's `blob`, the `BlobStore`'s `get`). */
export type BlobSource = (sha256: string) => Effect.Effect<Option.Option<Uint8Array>>

/**
 * Reads a revision's content whole for `writeLayout`: every page, body and file (a full read,
 * O(pages + files)). A file whose bytes the store lacks is a defect of the store.
 */
export const layoutContentOf = (tree: ContentTree, blob: BlobSource): Effect.Effect<LayoutContent> =>
  Effect.gen(function* () {
    const pages = yield* tree.reader.allPages
    const children = yield* tree.reader.allChildren
    const hashes = new Set<string>()
    for (const page of pages.values()) if (page.document !== null) hashes.add(page.document)
    const bodies = yield* tree.reader.documents(hashes)
    const build = (key: string): ReadonlyArray<LayoutPage> =>
      (children.get(key) ?? []).flatMap((id) => {
        const page = pages.get(id)
        if (page === undefined) return []
        return [{ page, body: page.document === null ? "" : (bodies.get(page.document) ?? ""), children: build(id) }]
      })
    const files = yield* Effect.forEach(yield* tree.files, (file) =>
      Effect.flatMap(blob(file.sha256), (bytes) =>
        Option.isSome(bytes)
          ? Effect.succeed({ file, bytes: bytes.value })
          : Effect.dieMessage(`the bytes of file "${file.id}" (sha256 ${file.sha256}) are missing from the blob store`)
      )
    )
    return { pages: build(ROOT_KEY), files }
  })
