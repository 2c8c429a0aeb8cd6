import { diff3Merge } from "node-diff3"
import { checkMarkdownLimits } from "../../markdown/limits.js"
import { normalizeMarkdown } from "../../markdown/normalizeMarkdown.js"

/**
 * Three-way merge of markdown bodies, line by line (node-diff3): edits to different regions
 * both apply; the same edit on both sides is one edit; different edits to one region are a
 * conflict (undefined), and so is a result past the markdown limits. The result is stored
 * normalised, like every document.
 */
export const mergeText = (base: string, ours: string, theirs: string): string | undefined => {
  if (ours === theirs) return ours
  if (ours === base) return theirs
  if (theirs === base) return ours
  const regions = diff3Merge(ours.split("\n"), base.split("\n"), theirs.split("\n"), { excludeFalseConflicts: true })
  const lines: Array<string> = []
  for (const region of regions) {
    if (region.conflict !== undefined) return undefined
    lines.push(...(region.ok ?? []))
  }
  const merged = lines.join("\n")
  // A merged text past the markdown limits (both sides grew it), or one the parser cannot read, is left to a person.
  if (checkMarkdownLimits(merged) !== undefined) return undefined
  try {
    return normalizeMarkdown(merged)
  } catch {
    return undefined
  }
}
