import type { Frontmatter } from "./frontmatter.js"
import type { MarkdownIssue } from "./MarkdownIssue.js"
import { collapseWhitespace } from "./plainText.js"

/**
 * The page fields of the official `RevisionPageUpdate` that a markdown document's
 * frontmatter may set; the spec has them take precedence over the same fields sent
 * beside the document.
 */
export interface FrontmatterPageFields {
  readonly title?: string
  readonly description?: string
  readonly slug?: string
  readonly emoji?: string
  readonly icon?: string
  readonly condition?: string
  readonly hidden?: boolean
  readonly noIndex?: boolean
  readonly noRobotsIndex?: boolean
}

const textFields = ["title", "description", "slug", "emoji", "icon", "condition"] as const
const flagFields = ["hidden", "noIndex", "noRobotsIndex"] as const

/** Fields where an empty value means "not given" rather than "clear it". */
const trimmed = new Set<string>(["title", "description"])

const wrongType = (field: string, expected: string): MarkdownIssue => ({
  code: "invalid-frontmatter-field",
  field,
  message: `Frontmatter field "${field}" must be ${expected}; it was ignored`
})

/**
 * Reads the known page fields out of frontmatter. A field of the wrong type is reported
 * and ignored; unknown fields are left to whoever reads `frontmatter` itself. YAML numbers
 * and booleans are accepted where text is expected (`title: 2024`), as a person means them.
 */
export const pageMetadata = (
  frontmatter: Frontmatter | undefined
): { readonly metadata: FrontmatterPageFields; readonly issues: ReadonlyArray<MarkdownIssue> } => {
  const metadata: Record<string, string | boolean> = {}
  const issues: Array<MarkdownIssue> = []
  if (frontmatter === undefined) return { metadata, issues }
  for (const field of textFields) {
    const value = frontmatter[field]
    if (value === undefined || value === null) continue
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      issues.push(wrongType(field, "text"))
      continue
    }
    const text = field === "title" ? collapseWhitespace(String(value)) : trimmed.has(field) ? String(value).trim() : String(value)
    if (trimmed.has(field) && text === "") continue
    metadata[field] = text
  }
  for (const field of flagFields) {
    const value = frontmatter[field]
    if (value === undefined || value === null) continue
    if (typeof value !== "boolean") {
      issues.push(wrongType(field, "true or false"))
      continue
    }
    metadata[field] = value
  }
  return { metadata, issues }
}
