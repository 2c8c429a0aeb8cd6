import type { Root } from "mdast"
import remarkFrontmatter from "remark-frontmatter"
import remarkGfm from "remark-gfm"
import remarkParse from "remark-parse"
import remarkStringify, { type Options as StringifyOptions } from "remark-stringify"
import { unified } from "unified"

/**
 * The one markdown dialect Quire reads and writes: CommonMark + GFM (tables, task lists,
 * strikethrough, autolink literals, footnotes) + YAML frontmatter.
 */
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"])

/**
 * Fixed serialisation choices, so equal trees always print as equal text. The thematic
 * break is `***`, never `---`: a document whose first block is a `---` break would read
 * back as frontmatter.
 */
export const canonicalStringifyOptions: StringifyOptions = {
  bullet: "-",
  bulletOther: "*",
  bulletOrdered: ".",
  emphasis: "_",
  strong: "*",
  fence: "`",
  fences: true,
  rule: "*",
  ruleRepetition: 3,
  ruleSpaces: false,
  listItemIndent: "one",
  incrementListMarker: true,
  closeAtx: false,
  setext: false,
  quote: '"',
  resourceLink: false,
  tightDefinitions: false
}

const printer = unified().use(remarkGfm).use(remarkFrontmatter, ["yaml"]).use(remarkStringify, canonicalStringifyOptions)

/** The mdast tree of `markdown`, with positions. */
export const parseTree = (markdown: string): Root => parser.parse(markdown)

/** The canonical markdown text of `tree`. */
export const printTree = (tree: Root): string => printer.stringify(tree)
