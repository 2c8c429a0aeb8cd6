import { describe, expect, it } from "@effect/vitest"
import { parseDocument } from "../src/content/markdown/index.js"
import {
  checkMarkdownLimits,
  MAX_DOCUMENT_BYTES,
  MAX_FRONTMATTER_BYTES,
  MAX_INLINE_DELIMITERS_PER_BLOCK,
  MAX_LINK_BRACKETS_PER_BLOCK,
  MAX_NESTING_DEPTH
} from "../src/content/markdown/limits.js"
import { runMarkdownTask } from "../src/content/markdown/work/markdownTasks.js"

const limitOf = (markdown: string) => checkMarkdownLimits(markdown)?.limit

describe("markdown limits: each refuses just past it and accepts at it", () => {
  it("document size, in UTF-8 bytes", () => {
    expect(limitOf("a".repeat(MAX_DOCUMENT_BYTES))).toBeUndefined()
    expect(limitOf("a".repeat(MAX_DOCUMENT_BYTES + 1))).toBe("size")
    // Counted in bytes, not characters: "é" is two.
    expect(limitOf("é".repeat(MAX_DOCUMENT_BYTES / 2))).toBeUndefined()
    expect(limitOf(`${"é".repeat(MAX_DOCUMENT_BYTES / 2)}a`)).toBe("size")
  })

  it("blockquote nesting", () => {
    expect(limitOf(`${">".repeat(MAX_NESTING_DEPTH)} x`)).toBeUndefined()
    expect(limitOf(`${">".repeat(MAX_NESTING_DEPTH + 1)} x`)).toBe("nesting")
    expect(limitOf(`${"> ".repeat(MAX_NESTING_DEPTH + 1)}x`)).toBe("nesting")
  })

  it("list nesting by indentation, and lists and quotes mixed", () => {
    const lists = (levels: number) => Array.from({ length: levels }, (_, i) => `${"  ".repeat(i)}- item`).join("\n")
    expect(limitOf(lists(MAX_NESTING_DEPTH))).toBeUndefined()
    expect(limitOf(lists(MAX_NESTING_DEPTH + 1))).toBe("nesting")
    expect(limitOf(`${"> - ".repeat(MAX_NESTING_DEPTH / 2)}x`)).toBeUndefined()
    expect(limitOf(`${"> - ".repeat(MAX_NESTING_DEPTH / 2)}> x`)).toBe("nesting")
    // Lists that close do not add up, nor do thematic breaks made of markers.
    expect(limitOf(Array.from({ length: 100 }, () => lists(10)).join("\n\ntext\n\n"))).toBeUndefined()
    expect(limitOf(`${"* ".repeat(60)}\n`)).toBeUndefined()
  })

  it("frontmatter size", () => {
    const frontmatter = (bytes: number) => `---\n${"#".repeat(bytes)}\n---\ntext\n`
    expect(limitOf(frontmatter(MAX_FRONTMATTER_BYTES))).toBeUndefined()
    expect(limitOf(frontmatter(MAX_FRONTMATTER_BYTES + 1))).toBe("frontmatter-size")
    // Without a closing line it is no frontmatter.
    expect(limitOf(`---\n${"#".repeat(MAX_FRONTMATTER_BYTES + 1)}\n`)).toBeUndefined()
  })

  it("emphasis delimiters per block, `_` inside words aside, each table row apart", () => {
    expect(limitOf("*".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK))).toBeUndefined()
    expect(limitOf("*".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK + 1))).toBe("inline-delimiters")
    expect(limitOf("~a".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK + 1))).toBe("inline-delimiters")
    expect(limitOf("a_ ".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK + 1))).toBe("inline-delimiters")
    expect(limitOf("snake_case ".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK + 1))).toBeUndefined()
    const half = "*".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK / 2)
    expect(limitOf(`${half}\n${half}`)).toBeUndefined()
    expect(limitOf(`${half}\n${half}*`)).toBe("inline-delimiters")
    expect(limitOf(`${half}\n\n${half}*`)).toBeUndefined()
    const table = `| a | b |\n| - | - |\n${"| **x** | _y_ |\n".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK)}`
    expect(limitOf(table)).toBeUndefined()
    // A quote after the table is a paragraph again, counted as one.
    expect(limitOf(`${table}> ${"*".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK / 2)}\n${half}*\n`)).toBe("inline-delimiters")
  })

  it("link brackets per block", () => {
    expect(limitOf("[".repeat(MAX_LINK_BRACKETS_PER_BLOCK))).toBeUndefined()
    expect(limitOf("[".repeat(MAX_LINK_BRACKETS_PER_BLOCK + 1))).toBe("link-brackets")
    expect(limitOf("[a](".repeat(MAX_LINK_BRACKETS_PER_BLOCK / 2 + 1))).toBe("link-brackets")
  })
})

describe("reading never throws", () => {
  it("YAML aliases in frontmatter are an issue when read, and refused when written", () => {
    const markdown = "---\na: &a [x, x]\nb: [*a, *a]\n---\n\ntext\n"
    const parsed = parseDocument(markdown)
    expect(parsed.issues.map((issue) => issue.code)).toEqual(["frontmatter-aliases"])
    expect(parsed.frontmatter).toBeUndefined()
    const prepared = runMarkdownTask({ op: "prepare", markdown })
    expect(prepared.ok ? "accepted" : prepared.message).toMatch(/YAML aliases/)
  })

  it("a stack overflow of the parser is a refusal, not an exception", () => {
    // The limits refuse this first; the parser is asked directly, as a page the limits misjudged would be.
    const deep = `${">".repeat(2500)} x`
    expect(() => parseDocument(deep)).toThrow(RangeError)
    const rewritten = runMarkdownTask({ op: "rewrite", markdown: deep, documentPath: "README.md", targets: [] })
    expect(rewritten.ok ? "accepted" : rewritten.message).toMatch(/nests too deeply/)
    const prepared = runMarkdownTask({ op: "prepare", markdown: deep })
    expect(prepared.ok ? "accepted" : prepared.message).toMatch(/nests blockquotes and lists 2500 deep/)
  })

  it("the worst allowed shapes parse within a bounded time", () => {
    const worst = [
      `${"*a".repeat(MAX_INLINE_DELIMITERS_PER_BLOCK / 2)}\n`,
      `${"[a](".repeat(MAX_LINK_BRACKETS_PER_BLOCK / 2)}\n`,
      Array.from({ length: MAX_NESTING_DEPTH }, (_, i) => `${"  ".repeat(i)}- item`).join("\n")
    ]
    for (const markdown of worst) {
      const started = performance.now()
      expect(runMarkdownTask({ op: "prepare", markdown }).ok).toBe(true)
      // Generous: about 0.1 s each on an idle machine.
      expect(performance.now() - started).toBeLessThan(5000)
    }
  })
})
