/**
 * The limits a markdown document must keep to be written, checked by linear scans before
 * any parsing: the parser (micromark, through remark) recurses once per nesting level and
 * is quadratic in some inline shapes, so an unchecked document could overflow the stack or
 * hold a thread for minutes. Measured on the parser Quire uses: ordinary markdown costs about
 * 5.5 µs a byte to parse and 2.7 µs to print; a paragraph of n emphasis delimiters about
 * 17 ns × n² (4,000 of them: 0.27 s; 16,000: 20 s).
 */

/**
 * The largest document, in UTF-8 bytes: 256 KiB. The biggest pages of real GitBook spaces
 * are a few hundred KB; one this size takes about 1.5 s to parse and 0.7 s to print.
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024

/**
 * The deepest nesting of containers (blockquotes and list items) a line may have: 32. The
 * parser recurses per level (5,000 `>` overflow the stack) and slows down with depth.
 */
export const MAX_NESTING_DEPTH = 32

/** The largest YAML frontmatter block, in UTF-8 bytes: 16 KiB. */
export const MAX_FRONTMATTER_BYTES = 16 * 1024

/**
 * YAML aliases (`*name`) the frontmatter may use when read: none. Aliases let a few hundred
 * bytes expand into gigabytes ("billion laughs"), and page frontmatter has no use for them.
 */
export const MAX_FRONTMATTER_ALIASES = 0

/**
 * The most emphasis and strikethrough delimiters (`*`, `~`, and `_` not inside a word) one
 * block may hold (text up to a blank line; each table row counts apart): 2,000. Matching
 * them is quadratic in their number within one paragraph (2,000 take about 0.1 s).
 */
export const MAX_INLINE_DELIMITERS_PER_BLOCK = 2000

/**
 * The most link brackets (`[` and `]`) one block may hold (counted as delimiters are): 2,000.
 * Resolving link labels is superlinear in them.
 */
export const MAX_LINK_BRACKETS_PER_BLOCK = 2000

/**
 * The longest a worker may take over one step of reading a document (parse, list its links,
 * or rewrite them) before it is stopped and the document refused: 10 s (`quire serve`:
 * `MARKDOWN_TIME_BUDGET_MS`). A 256 KiB page dense with links and emphasis takes about 1.5 s
 * a step on an idle machine, and 5 to 7 s on a machine loaded 5 times over its cores.
 */
export const DOCUMENT_TIME_BUDGET_MS = 10_000

/** Which limit a document breaks, with the sentence that says so. */
export interface MarkdownLimitViolation {
  readonly limit: "size" | "nesting" | "frontmatter-size" | "inline-delimiters" | "link-brackets"
  readonly message: string
}

const violation = (limit: MarkdownLimitViolation["limit"], message: string): MarkdownLimitViolation => ({ limit, message })

const frontmatterOpening = /^---[ \t]*\r?\n/
const frontmatterClosing = /\r?\n---[ \t]*(?:\r?\n|$)/

/** The frontmatter block's text (between the `---` lines), when the document opens with one. */
const frontmatterText = (markdown: string): string | undefined => {
  const opening = frontmatterOpening.exec(markdown)
  if (opening === null) return undefined
  const rest = markdown.slice(opening[0].length)
  if (/^---[ \t]*(?:\r?\n|$)/.test(rest)) return ""
  const closing = frontmatterClosing.exec(rest)
  return closing === null ? undefined : rest.slice(0, closing.index)
}

const thematicBreak = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const tableDelimiterRow = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/
const blockStart = /^[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$)|```|~~~)/

const isWordChar = (code: number | undefined) =>
  code !== undefined && ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 127)

/** The column after the leading whitespace of `line` (a tab to the next multiple of 4), and where the text starts. */
const indentation = (line: string): { readonly column: number; readonly at: number } => {
  let column = 0
  let at = 0
  for (; at < line.length; at++) {
    const char = line[at]
    if (char === " ") column++
    else if (char === "\t") column += 4 - (column % 4)
    else break
  }
  return { column, at }
}

const listMarker = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/

/**
 * The containers a line opens in its leading run (`>` markers and list markers), and the
 * content columns of the list items among them (where their continuation lines start).
 */
const leadingContainers = (line: string, start: number, startColumn: number) => {
  let depth = 0
  let quoted = false
  const listColumns: Array<number> = []
  let at = start
  let column = startColumn
  for (;;) {
    while (line[at] === " " || line[at] === "\t") {
      column += line[at] === "\t" ? 4 - (column % 4) : 1
      at++
    }
    if (line[at] === ">") {
      depth++
      quoted = true
      at++
      column++
      continue
    }
    const marker = listMarker.exec(line.slice(at, at + 11))
    if (marker === null) break
    depth++
    at += marker[0].length
    column += marker[0].length
    listColumns.push(column + 1)
  }
  return { depth, quoted, listColumns }
}

/** Counts a block's delimiters and brackets, refusing as soon as either passes its limit. */
const inlineCounter = () => {
  let delimiters = 0
  let brackets = 0
  return {
    reset: () => {
      delimiters = 0
      brackets = 0
    },
    add: (line: string, lineNumber: number): MarkdownLimitViolation | undefined => {
      for (let i = 0; i < line.length; i++) {
        const char = line[i]
        if (char === "*" || char === "~") delimiters++
        else if (char === "_" && !(isWordChar(line.charCodeAt(i - 1)) && isWordChar(line.charCodeAt(i + 1)))) delimiters++
        else if (char === "[" || char === "]") brackets++
        else continue
        if (delimiters > MAX_INLINE_DELIMITERS_PER_BLOCK) {
          return violation(
            "inline-delimiters",
            `has more than ${MAX_INLINE_DELIMITERS_PER_BLOCK} emphasis markers (\`*\`, \`_\`, \`~\`) in the block ending at line ${lineNumber}; at most ${MAX_INLINE_DELIMITERS_PER_BLOCK} are allowed between two blank lines`
          )
        }
        if (brackets > MAX_LINK_BRACKETS_PER_BLOCK) {
          return violation(
            "link-brackets",
            `has more than ${MAX_LINK_BRACKETS_PER_BLOCK} link brackets (\`[\`, \`]\`) in the block ending at line ${lineNumber}; at most ${MAX_LINK_BRACKETS_PER_BLOCK} are allowed between two blank lines`
          )
        }
      }
      return undefined
    }
  }
}

/**
 * The first limit `markdown` breaks, or undefined when it keeps them all. Linear in the
 * document's length; an estimate on the safe side (it reads containers and blocks as a
 * parser would, without parsing).
 */
export const checkMarkdownLimits = (markdown: string): MarkdownLimitViolation | undefined => {
  const bytes = Buffer.byteLength(markdown, "utf8")
  if (bytes > MAX_DOCUMENT_BYTES) {
    return violation("size", `is ${bytes} bytes; a page may have at most ${MAX_DOCUMENT_BYTES} bytes (256 KiB): split it into several pages`)
  }
  const frontmatter = frontmatterText(markdown)
  if (frontmatter !== undefined) {
    const size = Buffer.byteLength(frontmatter, "utf8")
    if (size > MAX_FRONTMATTER_BYTES) {
      return violation("frontmatter-size", `has ${size} bytes of frontmatter; at most ${MAX_FRONTMATTER_BYTES} bytes (16 KiB) are allowed`)
    }
  }
  const counter = inlineCounter()
  /** Content columns of the list items still open, innermost last. */
  const openItems: Array<number> = []
  let inTable = false
  let lineNumber = 0
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    lineNumber++
    const { column, at } = indentation(line)
    if (at === line.length) {
      counter.reset()
      inTable = false
      continue
    }
    while (openItems.length > 0 && openItems[openItems.length - 1]! > column) openItems.pop()
    if (!thematicBreak.test(line)) {
      const opened = leadingContainers(line, at, column)
      const depth = openItems.length + opened.depth
      if (depth > MAX_NESTING_DEPTH) {
        return violation(
          "nesting",
          `nests blockquotes and lists ${depth} deep at line ${lineNumber}; at most ${MAX_NESTING_DEPTH} levels are allowed`
        )
      }
      if (!opened.quoted) openItems.push(...opened.listColumns)
    }
    // A table's rows are read one by one (each cell apart), so each row counts on its own.
    if (inTable && blockStart.test(line)) inTable = false
    if (inTable) counter.reset()
    const broken = counter.add(line, lineNumber)
    if (broken !== undefined) return broken
    if (!inTable && line.includes("|") && line.includes("-") && tableDelimiterRow.test(line)) {
      inTable = true
      counter.reset()
    }
  }
  return undefined
}
