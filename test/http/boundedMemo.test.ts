import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { boundedMemo } from "../../adapters/http/src/boundedMemo.js"

describe("boundedMemo", () => {
  it("answers what make answers, makes a kept key once, and keeps at most maxEntries short keys", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 200 }), fc.integer({ min: 1, max: 8 }), (keys, maxEntries) => {
        const made: Array<string> = []
        const memo = boundedMemo(
          (key: string) => {
            made.push(key)
            return key.length > 3 ? null : `<${key}>`
          },
          { maxEntries, maxKeyLength: 4 }
        )
        // A model of what is kept: forgotten all at once when full; long keys never kept.
        let kept = new Set<string>()
        for (const key of keys) {
          const before = made.length
          expect(memo(key)).toBe(key.length > 3 ? null : `<${key}>`)
          expect(made.length - before).toBe(kept.has(key) ? 0 : 1)
          if (!kept.has(key) && key.length <= 4) {
            if (kept.size >= maxEntries) kept = new Set()
            kept.add(key)
          }
        }
      })
    )
  })
})
