import type { Element, ElementContent, Root } from "hast"
import type { Plugin } from "unified"

const linkedDepths = new Set(["h2", "h3"])

const isElement = (node: ElementContent): node is Element => node.type === "element"

/** An empty `<a id="x">`/`<a name="x">`: a hand-set anchor, now the heading's own `id`. */
const isHandSetAnchor = (node: ElementContent, id: string): boolean =>
  isElement(node) &&
  node.tagName === "a" &&
  node.children.length === 0 &&
  (node.properties["id"] === id || node.properties["name"] === id)

/**
 * The top-level `h2`/`h3` headings with an anchor (from `remarkHeadingIds`) get a `#` link to
 * themselves; the empty hand-set `<a id>` GitBook writes in a heading is dropped, as the heading
 * now carries that id (two elements with one id would be invalid).
 */
export const rehypeHeadingAnchors: Plugin<[], Root> = () => (tree) => {
  for (const node of tree.children) {
    if (node.type !== "element" || !/^h[1-6]$/.test(node.tagName)) continue
    const id = node.properties["id"]
    if (typeof id !== "string") continue
    node.children = node.children.filter((child) => !isHandSetAnchor(child, id))
    if (!linkedDepths.has(node.tagName)) continue
    node.children.push({
      type: "element",
      tagName: "a",
      properties: { className: ["anchor"], href: `#${id}`, ariaLabel: "Link to this section" },
      children: [{ type: "text", value: "#" }]
    })
  }
}
