import { diff3Merge } from "node-diff3"
import { normalizeMarkdown } from "../../markdown/normalizeMarkdown.js"

/**
 * Three-way merge of markdown bodies, line by line (node-diff3): edits to different regions
 * both apply; the same edit on both sides is one edit; different edits to one region are a
 * conflict (undefined). The result is stored normalised, like every document.
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
  return normalizeMarkdown(lines.join("\n"))
}
