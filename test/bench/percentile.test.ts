import { describe, expect, it } from "@effect/vitest"
import * as fc from "effect/FastCheck"
import { percentileMs } from "./wrk.js"

/** A run as the Lua script reports it: latency (µs) at every 0.1%, non-decreasing. */
const run = fc
  .tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 999, maxLength: 999 }))
  .map(([requests, steps]) => {
    let us = 0
    return { requests, quantilesUs: steps.map((step) => (us += step)) }
  })

describe("percentileMs (merging wrk rounds)", () => {
  it("gives a single run's own figure back at every 0.1%, whatever its request count", () => {
    fc.assert(
      fc.property(run, (r) => {
        for (let i = 1; i <= 999; i++) expect(percentileMs([r], i / 10)).toBe(r.quantilesUs[i - 1]! / 1000)
      }),
      { numRuns: 20 }
    )
  })

  it("weighs each run by its requests", () => {
    const fast = { requests: 9_000, quantilesUs: Array.from({ length: 999 }, () => 1_000) }
    const slow = { requests: 1_000, quantilesUs: Array.from({ length: 999 }, () => 9_000) }
    expect(percentileMs([fast, slow], 50)).toBe(1)
    expect(percentileMs([fast, slow], 89.9)).toBe(1)
    expect(percentileMs([fast, slow], 99)).toBe(9)
  })
})
