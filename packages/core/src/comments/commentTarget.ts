import { Effect } from "effect"
import { parseTree } from "../content/markdown/processor.js"
import { sectionsOf } from "../content/markdown/sections.js"
import type { ContentTree } from "../content/tree/ContentTree.js"
import { InvalidInput } from "../shared/errors.js"
import type { TargetPage } from "./render.js"

/** The longest `node.preview`, in characters. */
export const PREVIEW_MAX = 200

const preview = (text: string) => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text)

/** A page of the content a comment is read in, as its target shows it; undefined when the page is not there. */
export const targetPage = (tree: ContentTree, pageId: string): Effect.Effect<TargetPage | undefined> =>
  Effect.flatMap(tree.page(pageId), (page) =>
    page === undefined
      ? Effect.succeed(undefined)
      : Effect.map(tree.path(pageId), (path) => ({
          title: page.title,
          path,
          emoji: page.emoji,
          icon: page.icon,
          document: page.document
        }))
  )

export interface ResolvedTarget {
  readonly pageId: string | null
  readonly pageDocument: string | null
  readonly nodeId: string | null
  readonly nodePreview: string | null
}

/**
 * Checks what a new comment targets in the content it is posted on: the page must be there; a
 * block (`node`) is one of its headings, named by its anchor, and needs `page`. Its preview is
 * the heading's text.
 */
export const resolveTarget = (tree: ContentTree, page: string | undefined, node: string | undefined) =>
  Effect.gen(function* () {
    if (page === undefined) {
      if (node !== undefined) return yield* Effect.fail(InvalidInput.of("node", "needs `page`: a block is one of a page's"))
      return { pageId: null, pageDocument: null, nodeId: null, nodePreview: null } satisfies ResolvedTarget
    }
    const found = yield* tree.page(page)
    if (found === undefined) return yield* Effect.fail(InvalidInput.of("page", `is not a page of this content ("${page}")`))
    if (node === undefined) return { pageId: page, pageDocument: found.document, nodeId: null, nodePreview: null } satisfies ResolvedTarget
    const body = (yield* tree.body(page)) ?? ""
    const section = sectionsOf(parseTree(body).children).sections.find((s) => s.anchor === node)
    if (section === undefined) {
      return yield* Effect.fail(InvalidInput.of("node", `is not a block of page "${page}": name one of its headings by its anchor`))
    }
    return { pageId: page, pageDocument: found.document, nodeId: node, nodePreview: preview(section.text) } satisfies ResolvedTarget
  })

