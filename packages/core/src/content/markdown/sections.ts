import type { Heading, RootContent } from "mdast"
import { slug } from "github-slugger"
import { collapseWhitespace, plainText } from "./plainText.js"
import type { MarkdownPosition } from "./MarkdownPosition.js"

/** A heading of a document and the text under it, up to the next heading: the unit of search. */
export interface DocumentSection {
  readonly depth: 1 | 2 | 3 | 4 | 5 | 6
  /** The heading's text, markup dropped. */
  readonly text: string
  /** The heading's anchor (`#anchor`), unique within the document. */
  readonly anchor: string
  /** The plain text of the blocks under the heading, up to the next heading of any level. */
  readonly body: string
  readonly position?: MarkdownPosition
}

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
 * Anchors as GitHub makes them (github-slugger), made unique the way it does (`x`, `x-1`,
 * `x-2`, ...); a heading with no sluggable text is a `section`.
 */
const anchorMaker = () => {
  const used = new Set<string>()
  return (wanted: string): string => {
    let anchor = wanted
    for (let n = 1; used.has(anchor); n++) anchor = `${wanted}-${n}`
    used.add(anchor)
    return anchor
  }
}

/**
 * Names the top-level headings of one document in order, as its sections are named: each
 * heading's text (markup dropped, on one line) and its anchor (the hand-set one, else the slug
 * of its text), unique in the document. What the reader's heading ids use, so that a search
 * result's `#anchor` lands on its heading.
 */
export const makeHeadingAnchors = () => {
  const anchorFor = anchorMaker()
  return (heading: Heading): { readonly text: string; readonly anchor: string } => {
    const text = collapseWhitespace(plainText(heading))
    return { text, anchor: anchorFor(explicitAnchor(heading) ?? (slug(text) || "section")) }
  }
}

/**
 * The sections of a document body: one per top-level heading (headings quoted in a
 * blockquote or nested in a list are part of the text around them, not of the outline).
 * Text before the first heading is the `lead`.
 */
export const sectionsOf = (
  blocks: ReadonlyArray<RootContent>
): { readonly lead: string; readonly sections: ReadonlyArray<DocumentSection> } => {
  const name = makeHeadingAnchors()
  const sections: Array<DocumentSection> = []
  let current: { heading: Heading; text: string; anchor: string } | undefined
  let body: Array<string> = []
  const close = () => {
    const text = body.filter((part) => part !== "").join("\n")
    if (current !== undefined) {
      const { heading } = current
      sections.push({
        depth: heading.depth,
        text: current.text,
        anchor: current.anchor,
        body: text,
        ...(heading.position ? { position: heading.position } : {})
      })
    }
    body = []
    return text
  }
  let lead = ""
  for (const block of blocks) {
    if (block.type !== "heading") {
      body.push(plainText(block))
      continue
    }
    const text = close()
    if (current === undefined) lead = text
    current = { heading: block, ...name(block) }
  }
  const rest = close()
  if (current === undefined) lead = rest
  return { lead, sections }
}
