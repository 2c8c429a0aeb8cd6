import type { Heading } from "mdast"
import { collapseWhitespace, plainText } from "../content/markdown/plainText.js"
import { parseTree } from "../content/markdown/processor.js"

/** A page title from a file or URL segment: `getting-started.md` → `Getting started`. */
export const titleFromName = (name: string): string => {
  const last = name.replace(/[/\\]+$/, "").split(/[/\\]/).pop() ?? ""
  const words = collapseWhitespace(
    decodeSegment(last)
      .replace(/\.[A-Za-z0-9]{1,8}$/, "")
      .replace(/[-_]+/g, " ")
  )
  return words === "" ? "Untitled" : words.charAt(0).toUpperCase() + words.slice(1)
}

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The page's title and body from a markdown document: the title is the text of the first
 * top-level level-1 heading (`# Title`, or `Title` over `===`), cut out of the body; without
 * one, the fallback (the file's name) and the whole document as body.
 */
export const splitTitle = (markdown: string, fallback: string): { readonly title: string; readonly markdown: string } => {
  const tree = parseTree(markdown)
  for (const child of tree.children) {
    if (child.type !== "heading" || child.depth !== 1) continue
    const title = collapseWhitespace(plainText(child as Heading))
    const start = child.position?.start.offset
    const end = child.position?.end.offset
    if (title === "" || start === undefined || end === undefined) continue
    const before = markdown.slice(0, start).trimEnd()
    const after = markdown.slice(end).replace(/^\s*\n/, "").trimEnd()
    return { title, markdown: before === "" || after === "" ? before || after : `${before}\n\n${after}` }
  }
  return { title: fallback, markdown: markdown.trimEnd() }
}
