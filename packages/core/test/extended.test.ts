import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { extended } from "../src/shared/extended.js"

describe("extended", () => {
  it("is `{ ...base, ...extra }`: the same keys in the same order with the same values, and neither argument changed", () => {
    const record = fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string(), fc.constant(undefined)), { maxKeys: 6 })
    fc.assert(
      fc.property(record, record, (base, extra) => {
        const before = JSON.stringify([base, extra])
        const made = extended(base, extra)
        expect(Object.entries(made)).toEqual(Object.entries({ ...base, ...extra }))
        expect(made).not.toBe(base)
        expect(JSON.stringify([base, extra])).toBe(before)
      })
    )
  })
})
