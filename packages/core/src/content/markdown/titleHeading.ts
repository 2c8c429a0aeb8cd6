import type { Heading, Root } from "mdast"
import { collapseWhitespace, plainText } from "./plainText.js"

/**
 * The document's leading heading, when it can be the page title: a level-1 heading that
 * is the first block after the frontmatter (as Git Sync reads a page), with some text.
 * Link reference definitions show nothing, so one before the heading does not count: a
 * document does not change title when resolving links drops an unresolvable definition.
 */
export const leadingTitleHeading = (tree: Root): { readonly heading: Heading; readonly text: string } | undefined => {
  const first = tree.children.find((child) => child.type !== "yaml" && child.type !== "definition")
  if (first === undefined || first.type !== "heading" || first.depth !== 1) return undefined
  const text = collapseWhitespace(plainText(first))
  return text === "" ? undefined : { heading: first, text }
}
