import type { Nodes } from "mdast"

/** Nodes whose children are blocks: their text is one block per line. */
const blockParents = new Set(["root", "blockquote", "list", "listItem", "table", "footnoteDefinition"])

/**
 * The readable text of a node, for search and titles: inline markup dropped, code kept,
 * image alt text kept, raw HTML and frontmatter left out, blocks on their own lines and
 * table cells separated by a space.
 */
export const plainText = (node: Nodes): string => {
  switch (node.type) {
    case "text":
    case "code":
      return node.value
    case "inlineCode":
      // CommonMark shows a line ending inside a code span as a space.
      return node.value.replace(/\r\n|\r|\n/g, " ")
    case "html":
    case "yaml":
    case "definition":
    case "thematicBreak":
    case "footnoteReference":
      return ""
    case "break":
      return "\n"
    case "image":
    case "imageReference":
      return node.alt ?? ""
    case "tableRow":
      return node.children.map(plainText).join(" ")
    default: {
      if (!("children" in node)) return ""
      const parts = (node.children as ReadonlyArray<Nodes>).map(plainText)
      return blockParents.has(node.type) ? parts.filter((part) => part !== "").join("\n") : parts.join("")
    }
  }
}

/** `text` on one line with single spaces, as a title or heading reads. */
export const collapseWhitespace = (text: string): string => text.replace(/\s+/g, " ").trim()
