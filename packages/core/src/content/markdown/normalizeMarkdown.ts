import type { Root } from "mdast"
import { canonicalYaml, readFrontmatter } from "./frontmatter.js"
import { parseTree, printTree } from "./processor.js"

/**
 * `tree` with its frontmatter in canonical YAML (keys sorted), or without it when it is
 * empty. Frontmatter that cannot be read is kept as written, so its issue is not lost.
 */
export const canonicalFrontmatter = (tree: Root): Root => {
  const { node, data, valid } = readFrontmatter(tree)
  if (node === undefined || !valid) return tree
  if (data === undefined) return { ...tree, children: tree.children.filter((child) => child !== node) }
  return { ...tree, children: tree.children.map((child) => (child === node ? { ...node, value: canonicalYaml(data) } : child)) }
}

/**
 * The canonical form of a markdown document, the text Quire stores and hashes: parsed
 * and printed with fixed choices (`-` bullets, `_emphasis_`, `**strong**`, fenced code,
 * ATX headings, `***` breaks), frontmatter in canonical YAML. Normalising twice gives the
 * same text as once, and the result parses to the same title, description, sections and
 * references.
 */
export const normalizeMarkdown = (markdown: string): string => printTree(canonicalFrontmatter(parseTree(markdown)))
