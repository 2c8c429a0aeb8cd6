export { classifyUrl, type DocumentReferenceTarget } from "./classifyUrl.js"
export { composeDocument, type DocumentParts } from "./composeDocument.js"
export { documentPath, rootDocumentPath } from "./documentPath.js"
export type { Frontmatter } from "./frontmatter.js"
export type { MarkdownIssue } from "./MarkdownIssue.js"
export type { MarkdownPosition } from "./MarkdownPosition.js"
export { normalizeMarkdown } from "./normalizeMarkdown.js"
export { parseTree } from "./processor.js"
export type { FrontmatterPageFields } from "./pageMetadata.js"
export { type ParsedDocument, type ParseOptions, parseDocument } from "./parseDocument.js"
export type { DocumentReference, DocumentReferenceSource } from "./references.js"
export { type ResolvableReference, type ResolvedLink, type ResolveLinksOptions, resolveLinks } from "./resolveLinks.js"
export type { DocumentSection } from "./sections.js"
export { makeHeadingAnchors } from "./sections.js"
export { slugify } from "./slugify.js"
export {
  checkMarkdownLimits,
  DOCUMENT_TIME_BUDGET_MS,
  MAX_DOCUMENT_BYTES,
  MAX_FRONTMATTER_ALIASES,
  MAX_FRONTMATTER_BYTES,
  MAX_INLINE_DELIMITERS_PER_BLOCK,
  MAX_LINK_BRACKETS_PER_BLOCK,
  MAX_NESTING_DEPTH,
  type MarkdownLimitViolation
} from "./limits.js"
export { inProcessMarkdownWork, MarkdownRefused, MarkdownWork, type MarkdownWorkService } from "./work/MarkdownWork.js"
export { type MarkdownWorkersOptions, markdownWorkers } from "./work/markdownWorkers.js"
