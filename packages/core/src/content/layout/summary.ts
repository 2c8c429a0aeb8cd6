import type { List, ListItem, PhrasingContent, Root, RootContent } from "mdast"
import remarkGfm from "remark-gfm"
import remarkStringify from "remark-stringify"
import { unified } from "unified"
import { SKIP, visit } from "unist-util-visit"
import { collapseWhitespace, plainText } from "../markdown/plainText.js"
import { canonicalStringifyOptions, parseTree } from "../markdown/processor.js"
import type { SummaryEntry } from "./summaryEntry.js"
import { plainSummaryBlocks, type SummaryBlock } from "./summaryLines.js"

export type { SummaryEntry }

/** GitBook's bullets (`*`), otherwise Quire's canonical markdown. */
const printer = unified()
  .use(remarkGfm)
  .use(remarkStringify, { ...canonicalStringifyOptions, bullet: "*", bulletOther: "-" })

const listOf = (entries: ReadonlyArray<SummaryEntry>): List => ({
  type: "list",
  ordered: false,
  spread: false,
  children: entries.map(
    (entry): ListItem => ({
      type: "listItem",
      spread: false,
      children: [
        {
          type: "paragraph",
          children: [
            entry.target === undefined
              ? { type: "text", value: entry.title }
              : { type: "link", url: entry.target, children: [{ type: "text", value: entry.title }] }
          ]
        },
        ...(entry.children.length > 0 ? [listOf(entry.children)] : [])
      ]
    })
  )
})

/** `SUMMARY.md` in GitBook's format: `# Table of contents`, then one nested list of `* [Title](path.md)`. */
export const writeSummary = (entries: ReadonlyArray<SummaryEntry>): string => {
  const children: Array<RootContent> = [{ type: "heading", depth: 1, children: [{ type: "text", value: "Table of contents" }] }]
  if (entries.length > 0) children.push(listOf(entries))
  return printer.stringify({ type: "root", children } satisfies Root)
}

const firstLink = (nodes: ReadonlyArray<PhrasingContent>) => {
  let found: { readonly url: string; readonly title: string } | undefined
  for (const node of nodes) {
    visit(node, "link", (link) => {
      found ??= { url: link.url, title: collapseWhitespace(plainText(link)) }
      return SKIP
    })
    if (found !== undefined) return found
  }
  return undefined
}

const entriesOf = (list: List): Array<SummaryEntry> =>
  list.children.flatMap((item) => {
    const paragraph = item.children.find((child) => child.type === "paragraph")
    const nested = item.children.flatMap((child) => (child.type === "list" ? entriesOf(child) : []))
    const link = paragraph === undefined ? undefined : firstLink(paragraph.children)
    const title = link?.title ?? (paragraph === undefined ? "" : collapseWhitespace(plainText(paragraph)))
    if (link === undefined && title === "" && nested.length === 0) return []
    return [{ title, target: link?.url, children: nested }]
  })

/** The blocks `readSummary` reads of a part, from its markdown tree. */
const blocksOfTree = (markdown: string): ReadonlyArray<SummaryBlock> =>
  parseTree(markdown).children.flatMap((node): Array<SummaryBlock> => {
    if (node.type === "heading" && node.depth >= 2) return [{ group: collapseWhitespace(plainText(node)) }]
    if (node.type === "list") return [{ entries: entriesOf(node) }]
    return []
  })

/**
 * Reads `SUMMARY.md`: its lists, nested, are the page tree. A level-2 (or deeper) heading,
 * as GitBook writes a group (`## Title`), starts a group at the top level holding the items
 * that follow it; the level-1 heading (`# Table of contents`) and other blocks are ignored.
 * Given in parts (`summaryParts`), the parts are read in order as one document. A part of
 * the plain shape tables of contents have is read line by line (`plainSummaryBlocks`, the same
 * answer without the parser's cost); any other, as markdown (`readSummaryAsMarkdown`).
 */
export const readSummary = (markdown: string | ReadonlyArray<string>): ReadonlyArray<SummaryEntry> =>
  entriesOfBlocks(partsOf(markdown).map((part) => plainSummaryBlocks(part) ?? blocksOfTree(part)))

/** `readSummary`, every part read as markdown. */
export const readSummaryAsMarkdown = (markdown: string | ReadonlyArray<string>): ReadonlyArray<SummaryEntry> =>
  entriesOfBlocks(partsOf(markdown).map(blocksOfTree))

const partsOf = (markdown: string | ReadonlyArray<string>) => (typeof markdown === "string" ? [markdown] : markdown)

const entriesOfBlocks = (parts: ReadonlyArray<ReadonlyArray<SummaryBlock>>): ReadonlyArray<SummaryEntry> => {
  const entries: Array<SummaryEntry> = []
  let group: { readonly title: string; readonly children: Array<SummaryEntry> } | undefined
  for (const blocks of parts) {
    for (const block of blocks) {
      if ("group" in block) {
        group = { title: block.group, children: [] }
        entries.push({ title: group.title, target: undefined, children: group.children })
      } else {
        ;(group?.children ?? entries).push(...block.entries)
      }
    }
  }
  return entries
}
