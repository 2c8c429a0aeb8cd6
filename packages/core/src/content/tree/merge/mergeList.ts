import { diff3Merge } from "node-diff3"

const chunkOrder = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  const x = a.join("\u0000")
  const y = b.join("\u0000")
  return x <= y ? [a, b] : [b, a]
}

/**
 * Three-way merge of an ordered list of page ids (node-diff3 on arrays). Where both sides
 * changed the same stretch, both stretches are kept, in an order that does not depend on
 * which side is which (so merging is symmetric); a page kept twice keeps its first place.
 * Which pages belong in the list at all is settled afterwards from the merged parents.
 */
export const mergeList = (
  base: ReadonlyArray<string>,
  ours: ReadonlyArray<string>,
  theirs: ReadonlyArray<string>
): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const region of diff3Merge([...ours], [...base], [...theirs], { excludeFalseConflicts: true })) {
    if (region.ok !== undefined) out.push(...region.ok)
    else if (region.conflict !== undefined) {
      const [first, second] = chunkOrder(region.conflict.a, region.conflict.b)
      out.push(...first!, ...second!)
    }
  }
  return [...new Set(out)]
}
