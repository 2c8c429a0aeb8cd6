/**
 * An import hands the search index the outline of each body it parsed (`ParsedBody.outline`)
 * instead of letting the index read the stored body again: that outline must be the one the
 * index would read (`documentOutline` of the stored body), for any page file.
 */
import { ParsedBody } from "@quire/core"
import { documentOutline } from "../../packages/core/src/content/markdown/parseDocument.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { runMarkdownTask } from "../../packages/core/src/content/markdown/work/markdownTasks.js"

const block = fc.oneof(
  fc.constantFrom(
    "Hello *world*.",
    "# A level-1 heading",
    "## Install\n\n- one\n- two\n\n1. first\n2. second",
    "### Deeper <a href=\"#x\" id=\"x\"></a>",
    "```ts\nconst x = 1\n# not a heading\n```",
    "See [the setup](./setup.md), www.example.com and ![a logo](../.gitbook/assets/logo.png).",
    "[ref]: https://example.com",
    "> A quote\n> # quoted heading",
    "| a | b |\n| - | - |\n| 1 | 2 |",
    "Text with a footnote[^1].\n\n[^1]: The note.",
    "- [ ] a task\n- [x] done",
    "***",
    "Setext heading\n===",
    "a\\*b_c_ `code` <span>html</span> &amp; line  \nbreak",
    "## Install"
  ),
  fc.string({ unit: "grapheme", maxLength: 40 })
)

const pageFile = fc
  .record({
    frontmatterTitle: fc.option(fc.constantFrom("From frontmatter", "x"), { nil: undefined }),
    heading: fc.option(fc.constantFrom("# The title", "# *Styled* title"), { nil: undefined }),
    blocks: fc.array(block, { maxLength: 6 })
  })
  .map(({ frontmatterTitle, heading, blocks }) =>
    [frontmatterTitle === undefined ? "" : `---\ntitle: ${frontmatterTitle}\nid: p1\n---\n`, heading ?? "", ...blocks].join("\n\n")
  )

const plain = (outline: ReturnType<typeof documentOutline>) => ({
  lead: outline.lead,
  sections: outline.sections.map(({ depth, text, anchor, body }) => ({ depth, text, anchor, body }))
})

describe("ParsedBody.outline", () => {
  it("is documentOutline of the stored body, whenever it is given", () => {
    fc.assert(
      fc.property(pageFile, (markdown) => {
        const read = runMarkdownTask({ op: "prepare", markdown })
        if (!read.ok) return
        const parsed = ParsedBody.of(read.value)
        if (parsed.outline === undefined) return
        expect(plain(parsed.outline)).toEqual(plain(documentOutline(parsed.body)))
      }),
      { numRuns: 500 }
    )
  })

  it("is left out for a body that opens with a level-1 heading (read alone, it would be a title)", () => {
    const read = runMarkdownTask({ op: "prepare", markdown: "---\ntitle: T\n---\n# Body heading\n\nText." })
    expect(read.ok && ParsedBody.of(read.value).outline).toBe(undefined)
  })
})
