import { slug } from "github-slugger"
import type { Heading, Root } from "mdast"
import type { Plugin } from "unified"
import { headingText } from "./headingText.js"

/** An entry of a page's "On this page" outline: one of its `##` or `###` headings. */
export interface OutlineEntry {
  readonly depth: 2 | 3
  readonly id: string
  readonly title: string
}

/** Where `remarkHeadingIds` leaves the outline on the processed file. */
export const outlineKey = "readerOutline"

/** An anchor set by hand in the heading, the way GitBook writes one: `## Title <a href="#x" id="x"></a>`. */
const explicitAnchor = (heading: Heading): string | undefined => {
  for (const child of heading.children) {
    if (child.type !== "html") continue
    const match = /<a\b[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']/i.exec(child.value)
    if (match?.[1] !== undefined && match[1].trim() !== "") return match[1].trim()
  }
  return undefined
}

/**
 * Gives every top-level heading the anchor Quire's markdown engine gives its section
 * (`sectionsOf` in @quire/core, which the search's section links point to): the hand-set
 * anchor if any, else the github-slugger slug of its text (`section` when empty), made
 * unique as `x`, `x-1`, `x-2`... Headings quoted in a blockquote or nested in a list are not
 * sections there, so they get no anchor here either. The `##`/`###` ones make the outline.
 */
export const remarkHeadingIds: Plugin<[], Root> = () => (tree, file) => {
  const used = new Set<string>()
  const outline: Array<OutlineEntry> = []
  for (const block of tree.children) {
    if (block.type !== "heading") continue
    const title = headingText(block.children)
    const wanted = explicitAnchor(block) ?? (slug(title) || "section")
    let id = wanted
    for (let n = 1; used.has(id); n++) id = `${wanted}-${n}`
    used.add(id)
    block.data = { ...block.data, hProperties: { ...block.data?.hProperties, id } }
    if (block.depth === 2 || block.depth === 3) outline.push({ depth: block.depth, id, title })
  }
  file.data[outlineKey] = outline
}
