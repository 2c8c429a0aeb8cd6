/**
 * A big table of contents: `SUMMARY.md` with thousands of entries in one tight list (as GitBook
 * and `writeLayout` write it) is read whole, in order, though it passes the markdown limits a
 * page keeps (link brackets per block, size); a summary that breaks them within one entry is
 * still refused, naming the file.
 */
import { describe, expect, it } from "@effect/vitest"
import { InvalidInput, readLayout } from "@quire/core"
import { Effect } from "effect"

const ENTRIES = 6_000

/** `count` pages, each its own file, listed in one SUMMARY.md under a few `## groups`, some nested. */
const bigLayout = (count: number) => {
  const files = new Map<string, string>()
  const lines = ["# Table of contents", ""]
  for (let i = 0; i < count; i++) {
    if (i % 2_000 === 0) lines.push("", `## Part ${i / 2_000}`, "")
    const indent = i % 3 === 2 ? "  " : ""
    lines.push(`${indent}* [Page number ${i} with a longer title](pages/page-${i}.md)`)
    files.set(`pages/page-${i}.md`, `# Page ${i}\n\nText of page ${i}.\n`)
  }
  files.set("SUMMARY.md", `${lines.join("\n")}\n`)
  return files
}

describe("SUMMARY.md", () => {
  it.effect(`with ${ENTRIES} entries without blank lines between them is read whole, in order`, () =>
    Effect.gen(function* () {
      const files = bigLayout(ENTRIES)
      expect((files.get("SUMMARY.md") ?? "").length).toBeGreaterThan(256 * 1024)
      const read = yield* readLayout(files)
      const documents = read.pages.filter((page) => page.type !== "group")
      expect(read.pages.filter((page) => page.type === "group").map((page) => page.title)).toEqual(["Part 0", "Part 1", "Part 2"])
      expect(documents.map((page) => page.title)).toEqual(Array.from({ length: ENTRIES }, (_, i) => `Page ${i}`))
      // Every third entry is nested under the one before it.
      const byId = new Map(read.pages.map((page) => [page.id, page]))
      expect(byId.get(documents[2]!.parent!)?.title).toBe("Page 1")
      expect(read.skipped).toEqual([])
    }),
    120_000
  )

  it.effect("one entry past the link-bracket limit is refused, naming SUMMARY.md", () =>
    Effect.gen(function* () {
      const files = new Map<string, string>([
        ["a.md", "# A"],
        ["SUMMARY.md", `* [A](a.md)\n* [B](b.md)\n${"[x]".repeat(1_100)}\n`]
      ])
      const error = yield* Effect.flip(readLayout(files))
      expect(error).toBeInstanceOf(InvalidInput)
      expect(error.field).toBe("SUMMARY.md")
      expect(error.message).toContain("link brackets")
    })
  )
})
