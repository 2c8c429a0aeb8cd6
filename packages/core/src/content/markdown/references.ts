import type { Definition, Image, Link, Root } from "mdast"
import { visit } from "unist-util-visit"
import { classifyUrl, type DocumentReferenceTarget } from "./classifyUrl.js"
import { collapseWhitespace, plainText } from "./plainText.js"
import type { MarkdownPosition } from "./MarkdownPosition.js"

/** Where a reference was written: an inline link or image, or a `[label]: url` definition. */
export type DocumentReferenceSource = "link" | "image" | "definition"

/** One link, image or link definition of a document, with what it points at. */
export type DocumentReference = DocumentReferenceTarget & {
  readonly source: DocumentReferenceSource
  /**
   * The destination as written, once markdown escapes and entities are read (a batch
   * `ref` is matched against this); a bare `www.` link gains the `http://` it implies.
   */
  readonly written: string
  /** The link text, the image's alt text, or the definition's label. */
  readonly text: string
  readonly position?: MarkdownPosition
}

/** The nodes that carry a destination. */
export type ReferenceNode = Link | Image | Definition

const sourceOf = (node: ReferenceNode): DocumentReferenceSource => (node.type === "definition" ? "definition" : node.type)

const textOf = (node: ReferenceNode): string =>
  node.type === "link" ? collapseWhitespace(plainText(node)) : node.type === "image" ? (node.alt ?? "") : (node.label ?? node.identifier)

/** The reference a link, image or definition makes; undefined for an empty destination. */
export const referenceOf = (node: ReferenceNode, documentPath?: string): DocumentReference | undefined => {
  const target = classifyUrl(node.url, documentPath)
  if (target === undefined) return undefined
  return {
    ...target,
    source: sourceOf(node),
    written: node.url,
    text: textOf(node),
    ...(node.position ? { position: node.position } : {})
  }
}

/** Every link, image and definition in `tree` with a non-empty destination, in document order. */
export const referencesIn = (tree: Root, documentPath?: string): ReadonlyArray<DocumentReference> => {
  const references: Array<DocumentReference> = []
  visit(tree, (node) => {
    if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return
    const reference = referenceOf(node, documentPath)
    if (reference !== undefined) references.push(reference)
  })
  return references
}
