import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { Block } from "../../../adapters/http/src/pdf-export/render/blocks.js"
import { renderPdf } from "../../../adapters/http/src/pdf-export/render/renderPdf.js"

describe("renderPdf", () => {
  it.effect("writes a large export in a worker thread: the event loop turns while it is made", () =>
    Effect.gen(function* () {
      const content: Array<Block> = Array.from({ length: 2_000 }, (_, n) => ({ kind: "paragraph", text: `Paragraph ${n}.` }))
      // Counts turns of the event loop until the PDF is done.
      let turns = 0
      let done = false
      const tick = () => {
        if (done) return
        turns++
        setImmediate(tick)
      }
      setImmediate(tick)
      const bytes = yield* renderPdf("Large", content)
      done = true
      expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
      expect(turns).toBeGreaterThanOrEqual(Math.floor(content.length / 64) - 1)
    })
  )
})
