import { composeDocument } from "../../markdown/composeDocument.js"
import { LruCache } from "../../store/LruCache.js"
import type { PageValue } from "../objects.js"

/** The summed length of the composed documents kept, in characters. */
const MEMO_CHARACTERS = 16 * 1024 * 1024

/**
 * Composing parses and prints the whole body, the most expensive part of reading a page. Its
 * inputs are a document (named by the hash of its content) and the page's title and
 * description, so the result is kept by those: it never goes stale, and holds across revisions
 * that keep the page's document.
 */
const composed = new LruCache<string, string>(MEMO_CHARACTERS, (markdown) => markdown.length)

/**
 * The markdown a reader gets for a page: its description as frontmatter, its title as the
 * leading heading, then its body. Sent back as is, it sets the same title and description.
 */
export const pageMarkdown = (page: PageValue, body: string): string => {
  const compose = () =>
    composeDocument({ title: page.title, ...(page.description !== undefined ? { description: page.description } : {}), body })
  if (page.document === null) return compose()
  const key = `${page.document}\u0000${page.title}\u0000${page.description ?? "\u0001"}`
  const known = composed.get(key)
  if (known !== undefined) return known
  const markdown = compose()
  composed.set(key, markdown)
  return markdown
}
