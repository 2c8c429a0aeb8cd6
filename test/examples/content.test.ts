import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { contentTour } from "../../examples/embed/src/content.js"

describe("examples/embed content tour (docs/embedding.md's example)", () => {
  it("imports, edits on two lines, merges, diffs and puts the result onto a space", async () => {
    const dir = mkdtempSync(join(tmpdir(), "quire-content-"))
    try {
      const result = await Effect.runPromise(contentTour(join(dir, "content.db")))
      expect([...result.changes].sort()).toEqual(["page_created", "page_edited"])
      // The space now holds the merge of its empty first revision with the merged work.
      expect(result.space.revision).not.toBe(result.merged)
      expect(result.space.title).toBe("Handbook")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
