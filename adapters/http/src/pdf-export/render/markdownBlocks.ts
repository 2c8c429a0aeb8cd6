import { parseTree } from "@quire/core"
import type { Nodes, Paragraph, PhrasingContent, RootContent, Table } from "mdast"
import type { Block } from "./blocks.js"

/** The plain text of inline content: emphasis, links and code read as their text. */
const inlineText = (nodes: ReadonlyArray<PhrasingContent>): string =>
  nodes
    .map((node): string => {
      switch (node.type) {
        case "text":
        case "inlineCode":
        case "html":
          return node.value
        case "break":
          return "\n"
        case "image":
        case "imageReference":
          return node.alt ?? ""
        case "footnoteReference":
          return `[${node.label ?? node.identifier}]`
        default:
          return "children" in node ? inlineText(node.children as ReadonlyArray<PhrasingContent>) : ""
      }
    })
    .join("")

/** The plain text of any node (a table cell, a heading). */
const textOf = (node: Nodes): string => ("children" in node ? inlineText(node.children as ReadonlyArray<PhrasingContent>) : "value" in node ? String(node.value) : "")

/** A paragraph: its text, split around the images in it (each its own block). */
const paragraphBlocks = (paragraph: Paragraph): ReadonlyArray<Block> => {
  const blocks: Array<Block> = []
  let pending: Array<PhrasingContent> = []
  const flush = () => {
    const text = inlineText(pending).trim()
    if (text !== "") blocks.push({ kind: "paragraph", text })
    pending = []
  }
  for (const node of paragraph.children) {
    if (node.type === "image") {
      flush()
      blocks.push({ kind: "image", url: node.url, alt: node.alt ?? "" })
    } else {
      pending.push(node)
    }
  }
  flush()
  return blocks
}

const tableRows = (table: Table): ReadonlyArray<ReadonlyArray<string>> =>
  table.children.map((row) => row.children.map((cell) => textOf(cell).trim()))

const blocksOf = (nodes: ReadonlyArray<RootContent>): ReadonlyArray<Block> => nodes.flatMap(blockOf)

const blockOf = (node: RootContent): ReadonlyArray<Block> => {
  switch (node.type) {
    case "heading":
      return [{ kind: "heading", text: textOf(node).trim(), level: node.depth }]
    case "paragraph":
      return paragraphBlocks(node)
    case "list":
      return [
        {
          kind: "list",
          ordered: node.ordered === true,
          start: node.start ?? 1,
          items: node.children.map((item) => blocksOf(item.children))
        }
      ]
    case "code":
      return [{ kind: "code", text: node.value }]
    case "table":
      return [{ kind: "table", rows: tableRows(node) }]
    case "blockquote":
      return [{ kind: "quote", blocks: blocksOf(node.children) }]
    case "thematicBreak":
      return [{ kind: "rule" }]
    case "html":
      return node.value.trim() === "" ? [] : [{ kind: "paragraph", text: node.value }]
    case "footnoteDefinition":
      return [{ kind: "quote", blocks: [{ kind: "paragraph", text: `[${node.label ?? node.identifier}]` }, ...blocksOf(node.children)] }]
    case "yaml":
    case "definition":
      return []
    default:
      return textOf(node).trim() === "" ? [] : [{ kind: "paragraph", text: textOf(node) }]
  }
}

/**
 * A page's markdown as blocks, read with the core's markdown dialect (CommonMark + GFM +
 * frontmatter): headings, paragraphs, lists (nested), code, tables as rows of cell text,
 * quotes, rules and images. Frontmatter and link definitions print nothing.
 */
export const markdownBlocks = (markdown: string): ReadonlyArray<Block> => blocksOf(parseTree(markdown).children)
