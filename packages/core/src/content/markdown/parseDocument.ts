import type { Root } from "mdast"
import { type Frontmatter, readFrontmatter } from "./frontmatter.js"
import type { MarkdownIssue } from "./MarkdownIssue.js"
import { type FrontmatterPageFields, pageMetadata } from "./pageMetadata.js"
import { parseTree, printTree } from "./processor.js"
import { type DocumentReference, referencesIn } from "./references.js"
import { type DocumentSection, sectionsOf } from "./sections.js"
import { leadingTitleHeading } from "./titleHeading.js"

/** What Quire reads out of a markdown document. */
export interface ParsedDocument {
  /** The frontmatter's data; undefined when there is none, it is empty, or it could not be read (see `issues`). */
  readonly frontmatter: Frontmatter | undefined
  /** The page fields the frontmatter sets (title, description, slug, emoji, icon, condition, hidden, noIndex, noRobotsIndex). */
  readonly metadata: FrontmatterPageFields
  /** Frontmatter `title`, else the text of a leading level-1 heading; undefined when neither gives one. */
  readonly title: string | undefined
  readonly titleSource: "frontmatter" | "heading" | undefined
  /** Frontmatter `description` only: the spec reads no description from the body. */
  readonly description: string | undefined
  /**
   * The page content in canonical markdown: the document without its frontmatter and
   * without the leading heading when that heading gave the title.
   */
  readonly body: string
  /** The plain text of the body before its first heading. */
  readonly lead: string
  readonly sections: ReadonlyArray<DocumentSection>
  /** The links, images and link definitions of the body. */
  readonly references: ReadonlyArray<DocumentReference>
  /** What was ignored and why; empty for a clean document. Parsing itself never fails. */
  readonly issues: ReadonlyArray<MarkdownIssue>
}

export interface ParseOptions {
  /**
   * The document's own path in Git (see `documentPath`), against which relative links
   * resolve. Defaults to `README.md`, the space root.
   */
  readonly documentPath?: string
}

/** The document's frontmatter, the heading that gives its title, and the blocks of its body. */
const readBlocks = (markdown: string) => {
  const tree = parseTree(markdown)
  const frontmatter = readFrontmatter(tree)
  const { metadata, issues: metadataIssues } = pageMetadata(frontmatter.data)
  const heading = metadata.title === undefined ? leadingTitleHeading(tree) : undefined
  const blocks = tree.children.filter((child) => child.type !== "yaml" && child !== heading?.heading)
  return { frontmatter, metadata, metadataIssues, heading, blocks }
}

/**
 * The lead and sections of a document as `parseDocument` reads them, without printing its body
 * or collecting its references: what the search index needs of each page it writes.
 */
export const documentOutline = (markdown: string): Pick<ParsedDocument, "lead" | "sections"> => sectionsOf(readBlocks(markdown).blocks)

/**
 * Reads a markdown document (CommonMark + GFM + YAML frontmatter) as the spec's
 * `insert_page` / `update_page` read one. Pure; never throws.
 */
export const parseDocument = (markdown: string, options: ParseOptions = {}): ParsedDocument => {
  const { frontmatter, metadata, metadataIssues, heading, blocks } = readBlocks(markdown)
  const body: Root = { type: "root", children: blocks }
  const { lead, sections } = sectionsOf(blocks)
  return {
    frontmatter: frontmatter.data,
    metadata,
    title: metadata.title ?? heading?.text,
    titleSource: metadata.title !== undefined ? "frontmatter" : heading !== undefined ? "heading" : undefined,
    description: metadata.description,
    body: printTree(body),
    lead,
    sections,
    references: referencesIn(body, options.documentPath),
    issues: [...frontmatter.issues, ...metadataIssues]
  }
}
