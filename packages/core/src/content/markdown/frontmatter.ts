import type { Root, Yaml } from "mdast"
import { parseDocument as parseYaml, stringify as stringifyYaml } from "yaml"
import { MAX_FRONTMATTER_ALIASES } from "./limits.js"
import type { MarkdownIssue } from "./MarkdownIssue.js"

export type Frontmatter = Readonly<Record<string, unknown>>

/** What a document's frontmatter block says, read without throwing. */
export interface FrontmatterReading {
  /** The `---` block itself, when the document has one. */
  readonly node: Yaml | undefined
  /** Its data; undefined when absent, empty, invalid or not a mapping. */
  readonly data: Frontmatter | undefined
  /** True when the block could be read (or there is none); false keeps it out of canonical form. */
  readonly valid: boolean
  readonly issues: ReadonlyArray<MarkdownIssue>
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const firstLine = (message: string) => message.split("\n", 1)[0] ?? message

export const readFrontmatter = (tree: Root): FrontmatterReading => {
  const node = tree.children.find((child): child is Yaml => child.type === "yaml")
  if (node === undefined) return { node, data: undefined, valid: true, issues: [] }
  const parsed = parseYaml(node.value)
  if (parsed.errors.length > 0) {
    const issues = parsed.errors.map(
      (error): MarkdownIssue => ({
        code: "invalid-frontmatter",
        message: `Invalid YAML frontmatter: ${firstLine(error.message)}`,
        ...(node.position ? { position: node.position } : {})
      })
    )
    return { node, data: undefined, valid: false, issues }
  }
  let value: unknown
  try {
    value = parsed.toJS({ maxAliasCount: MAX_FRONTMATTER_ALIASES })
  } catch (error) {
    // `yaml` throws when aliases are used (see MAX_FRONTMATTER_ALIASES), or on other data it cannot build.
    const aliases = error instanceof ReferenceError
    const issue: MarkdownIssue = {
      code: aliases ? "frontmatter-aliases" : "invalid-frontmatter",
      message: aliases
        ? "The frontmatter uses YAML aliases (`*name`), which Quire does not read"
        : `Invalid YAML frontmatter: ${firstLine(error instanceof Error ? error.message : String(error))}`,
      ...(node.position ? { position: node.position } : {})
    }
    return { node, data: undefined, valid: false, issues: [issue] }
  }
  if (value === null || value === undefined) return { node, data: undefined, valid: true, issues: [] }
  if (!isMapping(value)) {
    const issue: MarkdownIssue = {
      code: "frontmatter-not-a-mapping",
      message: "The frontmatter must be a mapping of fields (`key: value` lines)",
      ...(node.position ? { position: node.position } : {})
    }
    return { node, data: undefined, valid: false, issues: [issue] }
  }
  return { node, data: Object.keys(value).length === 0 ? undefined : value, valid: true, issues: [] }
}

/** Keys sorted at every depth, so equal data always prints as equal text. */
const sortedDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedDeep)
  if (!isMapping(value)) return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortedDeep(value[key])
  return sorted
}

/** The canonical YAML text of frontmatter data (no surrounding `---`, no trailing newline). */
export const canonicalYaml = (data: Frontmatter): string =>
  stringifyYaml(sortedDeep(data), { lineWidth: 0, indent: 2, indentSeq: true }).replace(/\n$/, "")
