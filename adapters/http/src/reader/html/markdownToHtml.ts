import rehypeRaw from "rehype-raw"
import rehypeSanitize from "rehype-sanitize"
import rehypeStringify from "rehype-stringify"
import remarkFrontmatter from "remark-frontmatter"
import remarkGfm from "remark-gfm"
import remarkParse from "remark-parse"
import remarkRehype from "remark-rehype"
import { unified } from "unified"
import { rehypeHeadingAnchors } from "./headingAnchors.js"
import { type OutlineEntry, outlineKey, remarkHeadingIds } from "./headingIds.js"
import { readerSanitizeSchema } from "./sanitizeSchema.js"

/**
 * Quire's markdown dialect (CommonMark + GFM + YAML frontmatter, dropped here) to HTML.
 * Inline HTML is parsed (`rehype-raw`) and everything is then sanitized, so only what
 * GitHub's schema allows survives: no scripts, styles, frames, event handlers or
 * `javascript:` URLs. Built once; every call runs the same frozen processor.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkFrontmatter, ["yaml"])
  .use(remarkHeadingIds)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeHeadingAnchors)
  .use(rehypeSanitize, readerSanitizeSchema)
  .use(rehypeStringify)
  .freeze()

export interface RenderedMarkdown {
  readonly html: string
  /** The `##` and `###` headings, in order, with their anchors. */
  readonly outline: ReadonlyArray<OutlineEntry>
}

export const markdownToHtml = (markdown: string): RenderedMarkdown => {
  const file = processor.processSync(markdown)
  const outline = file.data[outlineKey]
  return { html: String(file), outline: Array.isArray(outline) ? (outline as ReadonlyArray<OutlineEntry>) : [] }
}
