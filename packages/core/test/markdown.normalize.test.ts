import { describe, expect, it } from "@effect/vitest"
import { composeDocument, normalizeMarkdown, parseDocument, slugify } from "../src/content/markdown/index.js"

describe("normalizeMarkdown", () => {
  it("a composed page is canonical, also when its title holds an e-mail address (GFM reads one as a link)", () => {
    for (const title of ["Contact support@example.com", "+@0.A"]) {
      const composed = composeDocument({ title, body: "Text.\n" })
      expect(normalizeMarkdown(composed)).toBe(composed)
      expect(parseDocument(composed).title).toBe(title)
    }
  })

  it("prints with fixed choices: - bullets, _emphasis_, **strong**, fenced code, ATX headings, *** breaks", () => {
    const markdown = "Title\n=====\n\n* a *b* __c__\n+ d\n\ntext\n\n    indented code\n\n___\n\n1) one\n1) two\n"
    expect(normalizeMarkdown(markdown)).toBe("# Title\n\n- a _b_ **c**\n\n* d\n\ntext\n\n```\nindented code\n```\n\n***\n\n1. one\n2. two\n")
  })

  it("never prints a break as --- at the start, where it would read back as frontmatter", () => {
    const markdown = "***\n\ntext: here\n\n***\n"
    const normalized = normalizeMarkdown(markdown)
    expect(normalized).toBe("***\n\ntext: here\n\n***\n")
    expect(parseDocument(normalized).frontmatter).toBeUndefined()
  })

  it("writes frontmatter as canonical YAML with keys sorted at every depth", () => {
    const markdown = "---\ntitle:   Hello\nlayout: {width: wide, cover: true}\naliases: [b, a]\n---\n# Body\n"
    expect(normalizeMarkdown(markdown)).toBe(
      "---\naliases:\n  - b\n  - a\nlayout:\n  cover: true\n  width: wide\ntitle: Hello\n---\n\n# Body\n"
    )
  })

  it("drops empty frontmatter and keeps frontmatter it cannot read as written", () => {
    expect(normalizeMarkdown("---\n---\ntext\n")).toBe("text\n")
    expect(normalizeMarkdown("---\ntitle: [oops\n---\ntext\n")).toBe("---\ntitle: [oops\n---\n\ntext\n")
  })

  it("keeps GFM: tables, task lists, strikethrough, footnotes, and spells out bare www. links", () => {
    const markdown = "| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ www.example.com and a note[^1]\n\n[^1]: Note.\n"
    expect(normalizeMarkdown(markdown)).toBe(
      "| a  |  b |\n| :- | -: |\n| 1  |  2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ [www.example.com](http://www.example.com) and a note[^1]\n\n[^1]: Note.\n"
    )
  })
})

describe("composeDocument", () => {
  it("writes description as frontmatter and the title as the leading heading, escaped", () => {
    const composed = composeDocument({ title: "Use *stars* # freely", description: "Short", body: "Text.\n" })
    expect(composed).toBe("---\ndescription: Short\n---\n\n# Use \\*stars\\* # freely\n\nText.\n")
    const back = parseDocument(composed)
    expect([back.title, back.description, back.body]).toEqual(["Use *stars* # freely", "Short", "Text.\n"])
  })

  it("writes a title no heading reads back as (GFM's e-mail literal that CommonMark's autolink refuses) as frontmatter", () => {
    for (const title of ["-@-.A", "x-@-.A"]) {
      const composed = composeDocument({ title, body: "Text.\n" })
      expect(composed).toBe(`---\ntitle: ${title}\n---\n\nText.\n`)
      expect(parseDocument(composed).title).toBe(title)
      expect(normalizeMarkdown(composed)).toBe(composed)
    }
  })

  it("keeps other frontmatter fields and drops a frontmatter title in favour of the heading", () => {
    const composed = composeDocument({ title: "Real", frontmatter: { title: "Stale", icon: "gear" }, body: "" })
    expect(composed).toBe("---\nicon: gear\n---\n\n# Real\n")
    const back = parseDocument(composed)
    expect([back.title, back.titleSource, back.metadata]).toEqual(["Real", "heading", { icon: "gear" }])
  })

  it("keeps a body's own level-1 heading after the title", () => {
    const back = parseDocument(composeDocument({ title: "Page", body: "# Also a heading\n" }))
    expect(back.title).toBe("Page")
    expect(back.body).toBe("# Also a heading\n")
  })
})

describe("slugify", () => {
  it("makes default page slugs from titles", () => {
    expect(slugify("Getting Started")).toBe("getting-started")
    expect(slugify("  API: v2 / Reference!  ")).toBe("api-v2-reference")
    expect(slugify("Café crème")).toBe("cafe-creme")
    expect(slugify("snake_case and--dashes")).toBe("snake-case-and-dashes")
    expect(slugify("日本語")).toBe("untitled")
    expect(slugify("")).toBe("untitled")
    expect(slugify("a".repeat(150))).toHaveLength(100)
  })
})
