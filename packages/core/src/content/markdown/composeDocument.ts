import type { Heading, Root, RootContent } from "mdast"
import { canonicalYaml, type Frontmatter, readFrontmatter } from "./frontmatter.js"
import { normalizeMarkdown } from "./normalizeMarkdown.js"
import { collapseWhitespace } from "./plainText.js"
import { parseTree, printTree } from "./processor.js"
import { leadingTitleHeading } from "./titleHeading.js"

/** A page's document in parts, as the engine may keep it: metadata apart from the body. */
export interface DocumentParts {
  readonly title?: string
  readonly description?: string
  /** Further frontmatter fields (a `title` here is dropped: the title is written as the heading, or as `title` where a heading cannot carry it). */
  readonly frontmatter?: Frontmatter
  /** The page content in markdown, as `ParsedDocument.body` gives it. */
  readonly body: string
}

/**
 * The canonical markdown of a page, the inverse of `parseDocument`: the frontmatter
 * (with `description`), then the title as a leading `# heading` (escaped, so any title
 * reads back as itself), then the body. Without a title, a body that starts with a
 * level-1 heading will read back with that heading as its title.
 *
 * A title no heading reads back as goes in the frontmatter's `title` instead: GFM reads
 * `-@-.A` as an e-mail link, which prints as `<-@-.A>`, which CommonMark reads as text.
 */
export const composeDocument = (parts: DocumentParts): string => {
  const body = parseTree(parts.body)
  const own = readFrontmatter(body)
  const fields: Record<string, unknown> = { ...own.data, ...parts.frontmatter }
  delete fields["title"]
  if (parts.description !== undefined) fields["description"] = parts.description
  const children: Array<RootContent> = []
  const titleChildren: Array<RootContent> = []
  if (parts.title !== undefined) {
    const heading = titleHeading(parts.title)
    if (headingReadsBack(heading, parts.title)) titleChildren.push(heading)
    else fields["title"] = parts.title
  }
  if (Object.keys(fields).length > 0) children.push({ type: "yaml", value: canonicalYaml(fields) })
  children.push(...titleChildren)
  children.push(...body.children.filter((child) => child.type !== "yaml"))
  const tree: Root = { type: "root", children }
  // Printed once, a title can still read back differently: the printer escapes `@` in
  // `a@b.co`, yet the parser's GFM autolink literals make it a link all the same. A second
  // pass gives the fixed point, the canonical text `normalizeMarkdown` keeps as it is.
  return normalizeMarkdown(printTree(tree))
}

const titleHeading = (title: string): Heading => ({ type: "heading", depth: 1, children: [{ type: "text", value: title }] })

/** Whether the heading, printed as the document will be, reads back as the title. */
const headingReadsBack = (heading: Heading, title: string): boolean =>
  leadingTitleHeading(parseTree(normalizeMarkdown(printTree({ type: "root", children: [heading] }))))?.text === collapseWhitespace(title)
