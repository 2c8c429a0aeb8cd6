import { collapseWhitespace } from "../markdown/plainText.js"
import type { SummaryEntry } from "./summaryEntry.js"

/** What `readSummary` takes from a top-level block of `SUMMARY.md`: a group's heading, or a list's entries. */
export type SummaryBlock = { readonly group: string } | { readonly entries: ReadonlyArray<SummaryEntry> }

/**
 * Text that reads as itself in markdown, wherever it stands in a line: letters, digits, spaces
 * and punctuation with no markdown meaning (no `*`, `_`, `` ` ``, `~`, `[`, `]`, `<`, `>`, `&`,
 * `\`, `|`, `#`), starting with a letter or digit, not ending with a space.
 */
const plainTitle = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M} ,.;:'"?!/()+=-]*[\p{L}\p{N}\p{M},.;:'"?!/()+=-])?$/u
/** What GFM would turn into a link (`www.`, `http://`, an e-mail address), or a list inside the item (`1.`). */
const notPlain = /www\.|:\/\/|@|^\d+[.)]/i
/** A link destination without spaces, brackets, escapes or character references. */
const plainTarget = /^[\p{L}\p{N}\p{M}._~/%#?=+:@!$,;*'-]+$/u

const item = /^((?: {2})*)[*+-] (.+)$/
const link = /^\[([^\]]+)\]\(([^)]+)\)$/
const heading = /^(#{1,6})(?: (.*))?$/

const titleOf = (text: string) => (plainTitle.test(text) && !notPlain.test(text) ? collapseWhitespace(text) : undefined)

interface OpenEntry {
  readonly title: string
  readonly target: string | undefined
  readonly children: Array<OpenEntry>
}

/**
 * The blocks of a `SUMMARY.md` part as `readSummary` reads them from its markdown tree, when
 * every line is of the plain shape tables of contents have (what `writeSummary` writes): blank
 * lines; ATX headings (`# …`; from level 2, a plain title); and items `* [Title](path.md)` or
 * `* Title`, one space after `*`, `-` or `+`, two spaces per level of nesting, each level at
 * most one deeper than the item before. Anything else (another indentation, markup in a title,
 * a paragraph, an ordered list, a tab…) answers undefined: the markdown parser reads it. Linear
 * in the text, where the parser costs about 5 µs a byte.
 */
export const plainSummaryBlocks = (markdown: string): ReadonlyArray<SummaryBlock> | undefined => {
  const blocks: Array<SummaryBlock> = []
  /** The open list's items by depth, the last one read at each (empty: no list open). */
  const open: Array<OpenEntry> = []
  let entries: Array<OpenEntry> = []
  const closeList = () => {
    if (entries.length > 0) blocks.push({ entries })
    entries = []
    open.length = 0
  }
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (line === "") continue
    const asHeading = heading.exec(line)
    if (asHeading !== null) {
      closeList()
      if (asHeading[1]!.length === 1) continue
      const title = titleOf(asHeading[2] ?? "")
      if (title === undefined) return undefined
      blocks.push({ group: title })
      continue
    }
    const asItem = item.exec(line)
    if (asItem === null) return undefined
    const depth = asItem[1]!.length / 2
    if (depth > open.length) return undefined
    const content = asItem[2]!
    const asLink = link.exec(content)
    const title = titleOf(asLink === null ? content : asLink[1]!)
    if (title === undefined || (asLink !== null && !plainTarget.test(asLink[2]!))) return undefined
    const entry: OpenEntry = { title, target: asLink === null ? undefined : asLink[2]!, children: [] }
    ;(depth === 0 ? entries : open[depth - 1]!.children).push(entry)
    open.length = depth
    open.push(entry)
  }
  closeList()
  return blocks
}
