import { Effect, Option } from "effect"
import type { RevisionId } from "../shared/ids.js"
import type { RevisionRepository } from "../storage/content/RevisionRepository.js"

/**
 * The nearest revision both `a` and `b` come from (themselves included), walking their parents
 * one generation at a time on both sides; `undefined` when they share none.
 */
export const commonAncestor = (revisions: RevisionRepository["Type"], a: RevisionId, b: RevisionId) =>
  Effect.gen(function* () {
    const seen = { a: new Set([a]), b: new Set([b]) }
    let frontier = { a: [a], b: [b] }
    if (a === b) return a
    while (frontier.a.length > 0 || frontier.b.length > 0) {
      const next = { a: [] as Array<RevisionId>, b: [] as Array<RevisionId> }
      for (const side of ["a", "b"] as const) {
        const other = side === "a" ? seen.b : seen.a
        for (const id of frontier[side]) {
          const record = yield* revisions.findById(id)
          for (const parent of Option.isSome(record) ? record.value.parents : []) {
            if (other.has(parent)) return parent
            if (!seen[side].has(parent)) {
              seen[side].add(parent)
              next[side].push(parent)
            }
          }
        }
      }
      frontier = next
    }
    return undefined
  })
