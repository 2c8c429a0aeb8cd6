import type { Nodes } from "mdast"
import { parseTree } from "../content/markdown/processor.js"
import type { UserId } from "../shared/ids.js"

/** `@` and a user id (20 base62 characters), not inside a word or an email address. */
const MENTION = /(?<![0-9A-Za-z@._-])@([0-9A-Za-z]{20})(?![0-9A-Za-z])/g

const textOf = (node: Nodes, out: Array<string>): void => {
  if (node.type === "text") out.push(node.value)
  if ("children" in node) for (const child of node.children) textOf(child, out)
}

/**
 * The user ids a markdown body mentions (`@<user id>` in its text; code, links' targets and raw
 * HTML do not count), once each, in order of first mention. Which of them are members is the
 * service's to decide.
 */
export const mentionedIds = (markdown: string): ReadonlyArray<UserId> => {
  const texts: Array<string> = []
  textOf(parseTree(markdown), texts)
  const ids = new Set<string>()
  for (const text of texts) for (const match of text.matchAll(MENTION)) ids.add(match[1]!)
  return [...ids] as Array<UserId>
}
