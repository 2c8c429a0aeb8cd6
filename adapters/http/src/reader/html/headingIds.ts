import { makeHeadingAnchors } from "@quire/core"
import type { Root } from "mdast"
import type { Plugin } from "unified"

/** An entry of a page's "On this page" outline: one of its `##` or `###` headings. */
export interface OutlineEntry {
  readonly depth: 2 | 3
  readonly id: string
  readonly title: string
}

/** Where `remarkHeadingIds` leaves the outline on the processed file. */
export const outlineKey = "readerOutline"

/**
 * Gives every top-level heading the anchor Quire's markdown engine gives its section
 * (`makeHeadingAnchors` in @quire/core, which the search's section links point to). Headings quoted in a blockquote or nested in a list are not
 * sections there, so they get no anchor here either. The `##`/`###` ones make the outline.
 */
export const remarkHeadingIds: Plugin<[], Root> = () => (tree, file) => {
  const name = makeHeadingAnchors()
  const outline: Array<OutlineEntry> = []
  for (const block of tree.children) {
    if (block.type !== "heading") continue
    const { text: title, anchor: id } = name(block)
    block.data = { ...block.data, hProperties: { ...block.data?.hProperties, id } }
    if (block.depth === 2 || block.depth === 3) outline.push({ depth: block.depth, id, title })
  }
  file.data[outlineKey] = outline
}
