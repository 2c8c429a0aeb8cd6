import type { MarkdownPosition } from "./MarkdownPosition.js"

/**
 * Something in a document Quire could not take as meant. Parsing never fails: a document
 * with a problem still has a body, sections and references, and says what it ignored.
 */
export interface MarkdownIssue {
  readonly code: "invalid-frontmatter" | "frontmatter-not-a-mapping" | "frontmatter-aliases" | "invalid-frontmatter-field"
  readonly message: string
  /** The frontmatter field concerned, for `invalid-frontmatter-field`. */
  readonly field?: string
  readonly position?: MarkdownPosition
}
