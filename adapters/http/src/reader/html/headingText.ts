import type { PhrasingContent } from "mdast"

/**
 * The readable text of a heading's content, as Quire's markdown engine reads it for section
 * anchors (`plainText` in @quire/core): markup dropped, code kept, image alt text kept, raw
 * HTML left out; then on one line with single spaces. The same text gives the same anchor.
 */
export const headingText = (children: ReadonlyArray<PhrasingContent>): string =>
  children.map(inlineText).join("").replace(/\s+/g, " ").trim()

const inlineText = (node: PhrasingContent): string => {
  switch (node.type) {
    case "text":
      return node.value
    case "inlineCode":
      return node.value.replace(/\r\n|\r|\n/g, " ")
    case "break":
      return "\n"
    case "image":
    case "imageReference":
      return node.alt ?? ""
    case "html":
    case "footnoteReference":
      return ""
    default:
      return "children" in node ? node.children.map(inlineText).join("") : ""
  }
}
