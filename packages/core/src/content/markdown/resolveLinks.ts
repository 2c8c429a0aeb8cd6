import type { Nodes, Parent, PhrasingContent } from "mdast"
import { SKIP, visit } from "unist-util-visit"
import { canonicalFrontmatter } from "./normalizeMarkdown.js"
import { parseTree, printTree } from "./processor.js"
import { type DocumentReference, type ReferenceNode, referenceOf } from "./references.js"

/** The references the engine resolves: pages by ID, slug or path, and files by path (a batch `ref`). */
export type ResolvableReference = Extract<DocumentReference, { readonly kind: "page" | "page-path" | "file-path" }>

/** What a resolvable reference turned out to name. */
export type ResolvedLink = { readonly kind: "page"; readonly page: string } | { readonly kind: "file"; readonly file: string }

export interface ResolveLinksOptions {
  /** The document's own path in Git (see `documentPath`); relative links resolve against it. */
  readonly documentPath?: string
  /**
   * What becomes of a link the resolver cannot place. `"text"` (the default, as the spec
   * says: "a link that does not match any page ... is left as plain text") keeps its text
   * and drops the link; an unresolved image becomes its alt text. `"keep"` leaves it as written.
   */
  readonly unresolved?: "text" | "keep"
}

const isResolvable = (reference: DocumentReference): reference is ResolvableReference =>
  reference.kind === "page" || reference.kind === "page-path" || reference.kind === "file-path"

const urlOf = (target: ResolvedLink, reference: ResolvableReference): string => {
  if (target.kind === "file") return `/files/${encodeURIComponent(target.file)}`
  const anchor = reference.kind !== "file-path" && reference.anchor !== undefined ? `#${encodeURIComponent(reference.anchor)}` : ""
  return `/pages/${encodeURIComponent(target.page)}${anchor}`
}

const asText = (value: string): Array<PhrasingContent> => (value === "" ? [] : [{ type: "text", value }])

/**
 * Rewrites the page and file references of a document into stable links, `/pages/<id>`
 * and `/files/<id>`, using `resolve` (which the engine backs with the page tree and the
 * batch's refs). `/pages/<id>` links go through `resolve` too, so a top-level slug can
 * become an ID and a link to a page that does not exist becomes text. URLs, anchors and
 * `/files/<id>` links are left as they are. The result is in canonical form.
 */
export const resolveLinks = (
  markdown: string,
  resolve: (reference: ResolvableReference) => ResolvedLink | undefined,
  options: ResolveLinksOptions = {}
): string => {
  const tree = parseTree(markdown)
  const dropUnresolved = (options.unresolved ?? "text") === "text"
  const targetOf = (node: ReferenceNode): ResolvedLink | "leave" | undefined => {
    const reference = referenceOf(node, options.documentPath)
    if (reference === undefined || !isResolvable(reference)) return "leave"
    const resolved = resolve(reference)
    if (resolved !== undefined) node.url = urlOf(resolved, reference)
    return resolved ?? (dropUnresolved ? undefined : "leave")
  }

  const keptDefinitions = new Set<string>()
  const droppedDefinitions = new Set<string>()
  visit(tree, "definition", (node, index, parent) => {
    if (targetOf(node) !== undefined || parent === undefined || index === undefined) {
      keptDefinitions.add(node.identifier)
      return
    }
    droppedDefinitions.add(node.identifier)
    parent.children.splice(index, 1)
    return [SKIP, index]
  })
  /** A `[text][label]` whose every definition was dropped points nowhere any more. */
  const dangling = (identifier: string) => droppedDefinitions.has(identifier) && !keptDefinitions.has(identifier)

  visit(tree, (node: Nodes, index, parent: Parent | undefined) => {
    if (parent === undefined || index === undefined) return
    let replacement: Array<Nodes> | undefined
    if (node.type === "link" && targetOf(node) === undefined) replacement = node.children
    else if (node.type === "image" && targetOf(node) === undefined) replacement = asText(node.alt ?? "")
    else if (node.type === "linkReference" && dangling(node.identifier)) replacement = node.children
    else if (node.type === "imageReference" && dangling(node.identifier)) replacement = asText(node.alt ?? "")
    if (replacement === undefined) return
    parent.children.splice(index, 1, ...(replacement as Array<never>))
    return [SKIP, index]
  })

  return printTree(canonicalFrontmatter(tree))
}
