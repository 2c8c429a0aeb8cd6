import { describe, expect, it } from "@effect/vitest"
import { parseDocument } from "../src/content/markdown/index.js"

/** Everything but source positions, which change when text moves. */
const withoutPositions = <A>(value: A): A => JSON.parse(JSON.stringify(value, (key, v) => (key === "position" ? undefined : v)))

describe("parseDocument: title and description (the spec's insert_page)", () => {
  it("takes the title from the leading heading and removes it from the body (the spec's own example)", () => {
    const doc = parseDocument("# New page\n\nThis is a new page.\n")
    expect(doc.title).toBe("New page")
    expect(doc.titleSource).toBe("heading")
    expect(doc.body).toBe("This is a new page.\n")
    expect(doc.description).toBeUndefined()
    expect(doc.issues).toEqual([])
  })

  it("takes the title from frontmatter over the leading heading, which then stays in the body", () => {
    const doc = parseDocument("---\ntitle: From frontmatter\ndescription: A short summary\n---\n\n# Heading\n\nText.\n")
    expect(doc.title).toBe("From frontmatter")
    expect(doc.titleSource).toBe("frontmatter")
    expect(doc.description).toBe("A short summary")
    expect(doc.body).toBe("# Heading\n\nText.\n")
    expect(doc.sections.map((s) => s.text)).toEqual(["Heading"])
  })

  it("reads no description from the first paragraph (the spec names only frontmatter)", () => {
    const doc = parseDocument("# Title\n\nFirst paragraph.\n")
    expect(doc.description).toBeUndefined()
    expect(doc.lead).toBe("First paragraph.")
  })

  it("takes the title from a heading that only link definitions come before (they show nothing), keeping them in the body", () => {
    const doc = parseDocument("[guide]: /pages/intro/README.md\n\n# Alpha\n\nSee [the guide][guide].\n")
    expect(doc.title).toBe("Alpha")
    expect(doc.body).toContain("[guide]: /pages/intro/README.md")
    expect(doc.body).not.toContain("# Alpha")
  })

  it("has no title when the document does not start with a level-1 heading", () => {
    expect(parseDocument("Intro.\n\n# Later heading\n").title).toBeUndefined()
    expect(parseDocument("## Second level\n").title).toBeUndefined()
    expect(parseDocument("").title).toBeUndefined()
    expect(parseDocument("#\n\ntext\n").title).toBeUndefined()
  })

  it("reads a setext heading and drops markup from the title", () => {
    const doc = parseDocument("Getting *started* with `quire`\n===\n\nbody\n")
    expect(doc.title).toBe("Getting started with quire")
    expect(doc.body).toBe("body\n")
  })

  it("reads the page fields of RevisionPageUpdate from frontmatter, ignoring and reporting wrong types", () => {
    const doc = parseDocument(
      "---\ntitle: 2024\nicon: gear\nemoji: '🎉'\nhidden: true\nnoIndex: 'yes'\nslug: setup\ncondition: visitor.a\nlayout: {width: wide}\n---\nx\n"
    )
    expect(doc.metadata).toEqual({ title: "2024", icon: "gear", emoji: "🎉", hidden: true, slug: "setup", condition: "visitor.a" })
    expect(doc.frontmatter).toMatchObject({ layout: { width: "wide" }, noIndex: "yes" })
    expect(doc.issues).toEqual([expect.objectContaining({ code: "invalid-frontmatter-field", field: "noIndex" })])
  })

  it("reports invalid YAML instead of throwing, and falls back to the heading", () => {
    const doc = parseDocument("---\ntitle: [unclosed\n---\n\n# Heading title\n\nbody\n")
    expect(doc.frontmatter).toBeUndefined()
    expect(doc.title).toBe("Heading title")
    expect(doc.issues).toHaveLength(1)
    expect(doc.issues[0]).toMatchObject({ code: "invalid-frontmatter", position: { start: { line: 1 } } })
    expect(doc.body).toBe("body\n")
  })

  it("reports frontmatter that is not a mapping, and treats empty frontmatter as none", () => {
    expect(parseDocument("---\n- a\n- b\n---\ntext\n").issues.map((i) => i.code)).toEqual(["frontmatter-not-a-mapping"])
    const empty = parseDocument("---\n---\ntext\n")
    expect(empty.frontmatter).toBeUndefined()
    expect(empty.issues).toEqual([])
  })

  it("reports duplicate frontmatter keys", () => {
    expect(parseDocument("---\ntitle: a\ntitle: b\n---\n").issues.map((i) => i.code)).toEqual(["invalid-frontmatter"])
  })
})

describe("parseDocument: sections", () => {
  it("gives every top-level heading of the body a unique GitHub-style anchor and the text under it", () => {
    const doc = parseDocument(
      "# Title\n\nLead text.\n\n## Install *now*\n\nRun `npm i`.\n\n- one\n- two\n\n## Install now\n\n| a | b |\n| - | - |\n| c | d |\n\n### !!!\n\n```sh\necho hi\n```\n\n## install-now-1\n"
    )
    expect(doc.lead).toBe("Lead text.")
    expect(withoutPositions(doc.sections)).toEqual([
      { depth: 2, text: "Install now", anchor: "install-now", body: "Run npm i.\none\ntwo" },
      { depth: 2, text: "Install now", anchor: "install-now-1", body: "a b\nc d" },
      { depth: 3, text: "!!!", anchor: "section", body: "echo hi" },
      { depth: 2, text: "install-now-1", anchor: "install-now-1-1", body: "" }
    ])
  })

  it("does not count the title heading when making anchors unique", () => {
    const doc = parseDocument("# Setup\n\n## Setup\n")
    expect(doc.sections.map((s) => s.anchor)).toEqual(["setup"])
  })

  it("keeps an anchor set by hand the way GitBook writes one", () => {
    const doc = parseDocument('## Configure <a href="#config" id="config"></a>\n\nText\n\n## Config\n')
    expect(doc.sections.map((s) => [s.text, s.anchor])).toEqual([
      ["Configure", "config"],
      ["Config", "config-1"]
    ])
  })

  it("locates each section in the source", () => {
    const doc = parseDocument("intro\n\n## A\n\ntext\n")
    expect(doc.sections[0]?.position?.start).toEqual({ line: 3, column: 1, offset: 7 })
  })
})

describe("parseDocument: references", () => {
  const refs = (markdown: string, documentPath?: string) =>
    withoutPositions(parseDocument(markdown, documentPath === undefined ? {} : { documentPath }).references)

  it("finds the page link of the spec's update_page example", () => {
    expect(refs("# Hello World\n\nThis is a markdown document linking to [another page](/pages/page_id).\n")).toEqual([
      { kind: "page", page: "page_id", source: "link", written: "/pages/page_id", text: "another page" }
    ])
  })

  it("classifies every form of link the spec lists", () => {
    const markdown = [
      "[id](/pages/abc123#usage)",
      "[slug path](/pages/guides/getting-started)",
      "[md path](/pages/guides.md)",
      "[readme](/pages/guides/README.md)",
      "[root](/pages/README.md)",
      "[sibling](./sibling.md)",
      "[other](../other.md)",
      "[parent](../README.md)",
      "[folder](./section)",
      "![diagram](./architecture.png)",
      "[file](/files/file123)",
      "[web](https://example.com/x)",
      "[mail](mailto:a@example.com)",
      "[here](#install)"
    ].join("\n\n")
    const kinds = refs(markdown, "guides/getting-started/README.md").map(({ written: _w, text: _t, source: _s, ...target }) => target)
    expect(kinds).toEqual([
      { kind: "page", page: "abc123", anchor: "usage" },
      { kind: "page-path", path: "guides/getting-started" },
      { kind: "page-path", path: "guides" },
      { kind: "page-path", path: "guides" },
      { kind: "page-path", path: "" },
      { kind: "page-path", path: "guides/getting-started/sibling" },
      { kind: "page-path", path: "guides/other" },
      { kind: "page-path", path: "guides" },
      { kind: "page-path", path: "guides/getting-started/section" },
      { kind: "file-path", path: "guides/getting-started/architecture.png" },
      { kind: "file", file: "file123" },
      { kind: "url", url: "https://example.com/x" },
      { kind: "url", url: "mailto:a@example.com" },
      { kind: "anchor", anchor: "install" }
    ])
  })

  it("reports images, definitions and autolinks with their text and position", () => {
    const doc = parseDocument("See ![Alt text](/files/f1) and [the guide][g] or <https://quire.dev>.\n\n[g]: ./guide.md\n")
    expect(doc.references.map((r) => [r.source, r.kind, r.text])).toEqual([
      ["image", "file", "Alt text"],
      ["link", "url", "https://quire.dev"],
      ["definition", "page-path", "g"]
    ])
    expect(doc.references[0]?.position?.start).toEqual({ line: 1, column: 5, offset: 4 })
  })

  it("leaves out links in the title heading (it is plain text) and links with no destination", () => {
    expect(refs("# [Title](./x.md)\n\n[empty]()\n")).toEqual([])
  })
})
