/**
 * `SUMMARY.md` of the plain shape tables of contents have is read line by line
 * (`plainSummaryBlocks`) instead of by the markdown parser: for any text, `readSummary` must
 * answer what reading it as markdown answers, and the line reader must take the summaries
 * `writeSummary` writes (else it saves nothing).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { readSummary, readSummaryAsMarkdown, type SummaryEntry, writeSummary } from "../../packages/core/src/content/layout/summary.js"
import { plainSummaryBlocks } from "../../packages/core/src/content/layout/summaryLines.js"

/** Titles of plain characters and of characters markdown reads otherwise. */
const title = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("Intro", "Page 0.1", "Getting started: setup (v2)", "Ünïcödé ページ", "C++ for you") },
  fc.constantFrom("Intro", "Page 0.1", "Getting started: setup (v2)", "Ünïcödé ページ", "C++ and C#", "1. First", "2024 release", "Rock'n'roll?!"),
  fc.constantFrom("A *b*", "a_b_c", "`code`", "www.example.com", "a@b.co", "see http://x.y", "&amp;", "x\\*", "<b>", "~~x~~", "a | b", "[x]"),
  fc.string({ unit: fc.constantFrom(..."aZé9 .,:;'\"?!/()+=-*_`~[]<>&\\|#@w"), minLength: 1, maxLength: 12 })
)
const target = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("a.md", "guides/setup.md", "docs/ページ.md") },
  fc.constantFrom("a.md", "guides/setup.md", "guides/setup.md#install", "../x.md", "docs/ページ.md", "https://example.com/x"),
  fc.constantFrom("a b.md", "<a.md>", "a.md \"t\"", "a(b).md", "a\\_b.md", "a&amp;b.md", ""),
  fc.string({ unit: fc.constantFrom(..."ab/._-#?%:() <>\\&"), minLength: 1, maxLength: 10 })
)
const marker = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("*", "-", "+") }, fc.constantFrom("1.", "*  ", ""))
const indent = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("", "  ", "    ") }, fc.constantFrom("      ", " ", "\t"))
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(indent, marker, title, target).map(([i, m, t, d]) => `${i}${m} [${t}](${d})`) },
  { weight: 2, arbitrary: fc.tuple(indent, marker, title).map(([i, m, t]) => `${i}${m} ${t}`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("#", "##", "###", "#######", " ##"), title).map(([h, t]) => `${h} ${t}`) },
  { weight: 2, arbitrary: fc.constantFrom("", "", "   ", "# Table of contents", "#", "##", "---", "===", "***", "```", "text", "[x]: y.md", "> q") }
)
const summary = fc.array(line, { maxLength: 20 }).map((lines) => `${lines.join("\n")}\n`)

/** Summaries `writeSummary` writes, of random trees. */
const entry: fc.Memo<SummaryEntry> = fc.memo((depth) =>
  fc.record({
    title: fc.constantFrom("Intro", "Page 0.1", "Getting started: setup (v2)", "Ünïcödé ページ", "C++ for you", "Rock'n'roll?!"),
    target: fc.option(fc.constantFrom("a.md", "guides/setup.md", "docs/ページ.md"), { nil: undefined }),
    children: depth > 1 ? fc.array(entry(depth - 1), { maxLength: 3 }) : fc.constant([])
  })
)

describe("SUMMARY.md read line by line", () => {
  it("reads any text as the markdown parser does", () => {
    let plain = 0
    fc.assert(
      fc.property(summary, (text) => {
        if (plainSummaryBlocks(text) !== undefined) plain++
        expect(readSummary(text)).toEqual(readSummaryAsMarkdown(text))
      }),
      { numRuns: 2_000 }
    )
    // The generator must reach the line reader often enough for the comparison to mean something.
    expect(plain).toBeGreaterThan(100)
  })

  it("takes the summaries writeSummary writes", () => {
    fc.assert(
      fc.property(fc.array(entry(4), { minLength: 1, maxLength: 6 }), (entries) => {
        const text = writeSummary(entries)
        expect(plainSummaryBlocks(text)).toBeDefined()
        expect(readSummary(text)).toEqual(readSummaryAsMarkdown(text))
      }),
      { numRuns: 300 }
    )
  })
})
