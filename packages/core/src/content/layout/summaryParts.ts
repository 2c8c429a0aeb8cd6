import { checkMarkdownLimits, MAX_DOCUMENT_BYTES, type MarkdownLimitViolation } from "../markdown/limits.js"

const fence = /^ {0,3}(```|~~~)/
/** A top-level list item or an ATX heading: where the summary's nesting starts again from nothing. */
const topLevelStart = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|^#{1,6}(?:[ \t]|$)/
/** A list item at any depth. */
const itemStart = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/

/**
 * `SUMMARY.md` cut into parts the markdown limits allow, to be parsed one after the other. A
 * big table of contents is one tight list of thousands of `[Title](path.md)` items, which
 * breaks the limit of link brackets per block (counted up to a blank line) though the parser
 * reads each item's paragraph apart: so each list item counts as a block of its own here. Parts
 * are cut before a top-level item or heading (outside code fences), where nothing is nested,
 * and each stays under the size of a page: a summary of any length is read in linear time.
 * Returns the first part that breaks a limit, with its first line, when one does.
 */
export const summaryParts = (
  markdown: string
): { readonly parts: ReadonlyArray<string> } | { readonly violation: MarkdownLimitViolation; readonly line: number } => {
  const lines = markdown.split(/\r\n|\r|\n/)
  const parts: Array<{ readonly text: string; readonly line: number }> = []
  let current: Array<string> = []
  let bytes = 0
  let startLine = 1
  let inFence = false
  const cut = (nextLine: number) => {
    if (current.length > 0) parts.push({ text: `${current.join("\n")}\n`, line: startLine })
    current = []
    bytes = 0
    startLine = nextLine
  }
  for (const [index, line] of lines.entries()) {
    const size = Buffer.byteLength(line, "utf8") + 1
    if (!inFence && topLevelStart.test(line) && bytes + size > MAX_DOCUMENT_BYTES / 2) cut(index + 1)
    if (fence.test(line)) inFence = !inFence
    current.push(line)
    bytes += size
  }
  cut(lines.length + 1)
  for (const part of parts) {
    const separated = part.text
      .split("\n")
      .map((line) => (itemStart.test(line) ? `\n${line}` : line))
      .join("\n")
    const violation = checkMarkdownLimits(separated)
    if (violation !== undefined) return { violation, line: part.line }
  }
  return { parts: parts.map((part) => part.text) }
}
