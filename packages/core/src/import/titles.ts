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

const fenceOpen = /^ {0,3}(`{3,}|~{3,})(.*)$/
const fenceClose = /^ {0,3}(`{3,}|~{3,})[ \t]*$/
const levelOne = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
/** Characters that can make inline markup; a heading without them reads as it is written. */
const markup = /[\\`*_[\]<>!&~]/

/** A heading's text as a title: parsed only when it may hold markup (a parse costs ~100× a scan). */
const headingText = (raw: string) => {
  if (!markup.test(raw)) return collapseWhitespace(raw)
  const heading = parseTree(`# ${raw}`).children[0]
  return heading?.type === "heading" ? collapseWhitespace(plainText(heading as Heading)) : collapseWhitespace(raw)
}

/** Where the frontmatter block ends (the line after its closing `---`), or 0 without one. */
const afterFrontmatter = (lines: ReadonlyArray<string>) => {
  if (!/^---[ \t]*$/.test(lines[0] ?? "")) return 0
  for (let i = 1; i < lines.length; i++) if (/^(---|\.\.\.)[ \t]*$/.test(lines[i]!)) return i + 1
  return 0
}

/**
 * The page's title and body from a markdown document: the title is the text of the first
 * level-1 ATX heading (`# Title`) outside fenced code and frontmatter, cut out of the body;
 * without one, the fallback (the file's name) and the whole document as body. A line scan,
 * not a parse: imports read thousands of files.
 */
export const splitTitle = (markdown: string, fallback: string): { readonly title: string; readonly markdown: string } => {
  const lines = markdown.split("\n").map((line) => line.replace(/\r$/, ""))
  let fence: string | undefined
  for (let i = afterFrontmatter(lines); i < lines.length; i++) {
    const line = lines[i]!
    if (fence !== undefined) {
      const close = fenceClose.exec(line)?.[1]
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) fence = undefined
      continue
    }
    const open = fenceOpen.exec(line)
    if (open !== null && !(open[1]!.startsWith("`") && open[2]!.includes("`"))) {
      fence = open[1]
      continue
    }
    const heading = levelOne.exec(line)
    const text = heading?.[1] ?? ""
    // `# #` is an empty heading: its only text is the closing sequence.
    const title = heading === null || /^#+$/.test(text) ? "" : headingText(text)
    if (title === "") continue
    const before = lines.slice(0, i).join("\n").trimEnd()
    const after = lines.slice(i + 1).join("\n").replace(/^\s*\n/, "").trimEnd()
    return { title, markdown: before === "" || after === "" ? before || after : `${before}\n\n${after}` }
  }
  return { title: fallback, markdown: markdown.trimEnd() }
}
