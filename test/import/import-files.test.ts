/** The one-file sources: markdown, HTML (sanitized, then turndown) and .docx (mammoth). */
import { describe, expect, it } from "@effect/vitest"
import { docxToPages, htmlToPages, markdownToPages, pagesFromBytes, splitTitle } from "@quire/core"
import { Effect } from "effect"
import { docxOf, paragraph, zipOf } from "./import-fixtures.js"

const bytes = (text: string) => new TextEncoder().encode(text)

describe("markdown", () => {
  it.effect("the first level-1 heading is the title, cut out of the body", () =>
    Effect.gen(function* () {
      const pages = yield* markdownToPages(bytes("Intro line.\n\n# The *Guide*\n\nBody text.\n\n# Second\n\nMore.\n"), "guide.md")
      expect(pages).toEqual([{ title: "The Guide", markdown: "Intro line.\n\nBody text.\n\n# Second\n\nMore." }])
    })
  )

  it.effect("without a heading the file name is the title; a # in a code block is not a heading", () =>
    Effect.gen(function* () {
      const [page] = yield* markdownToPages(bytes("\uFEFF```sh\n# not a title\n```\n\n## Level two\n"), "getting-started_now.md")
      expect(page?.title).toBe("Getting started now")
      expect(page?.markdown).toBe("```sh\n# not a title\n```\n\n## Level two")
    })
  )

  it.effect("an empty file and bytes that are not UTF-8 are refused", () =>
    Effect.gen(function* () {
      expect((yield* Effect.flip(markdownToPages(bytes(" \n\n"), "empty.md")))._tag).toBe("NothingToImport")
      const invalid = yield* Effect.flip(markdownToPages(new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x41]), "latin.md"))
      expect(invalid._tag).toBe("UnreadableSource")
      expect(invalid.message).toContain("latin.md")
    })
  )
})

describe("html", () => {
  const page = `<!doctype html><html><head><title>Site | Page</title><style>body{color:red}</style>
<script>alert("head")</script><meta http-equiv="refresh" content="0;url=http://evil.test"></head>
<body onload="alert('load')"><nav><a href="/other">Other</a></nav>
<main><h1>Install <em>Quire</em></h1>
<p onclick="alert('click')">Run <code>pnpm add quire</code>, then <a href="javascript:alert(1)">this</a> and <a href="/docs/next">next</a>.</p>
<script>document.write("<p>injected</p>")</script><iframe src="http://evil.test/frame"></iframe>
<img src="data:image/png;base64,AAAA" alt="pixel"><img src="/logo.png" alt="Logo">
<table><thead><tr><th>Key</th><th>Value</th></tr></thead><tbody><tr><td>a</td><td>1</td></tr></tbody></table>
<form action="/x"><input name="q"><button>Go</button></form></main></body></html>`

  it.effect("drops scripts, styles, frames, forms and event handlers; the <h1> is the title", () =>
    Effect.gen(function* () {
      const [converted] = yield* htmlToPages(bytes(page), "install.html")
      expect(converted?.title).toBe("Install Quire")
      const markdown = converted?.markdown ?? ""
      expect(markdown).toContain("Run `pnpm add quire`, then this and [next](/docs/next).")
      expect(markdown).toContain("| Key | Value |")
      expect(markdown).toContain("![Logo](/logo.png)")
      for (const gone of ["alert", "injected", "color:red", "iframe", "evil.test", "javascript:", "data:", "Other", "# Install", "Go"]) {
        expect(markdown, gone).not.toContain(gone)
      }
    })
  )

  it.effect("without an <h1>, <title> is the title; without either, the file name", () =>
    Effect.gen(function* () {
      const [titled] = yield* htmlToPages(bytes("<title>Release notes</title><p>Fixed.</p>"), "notes.html")
      expect(titled).toEqual({ title: "Release notes", markdown: "Fixed." })
      const [named] = yield* htmlToPages(bytes("<p>Just text.</p>"), "plain-page.htm")
      expect(named).toEqual({ title: "Plain page", markdown: "Just text." })
    })
  )

  it.effect("a page with no content (scripts only, or a title alone) is refused", () =>
    Effect.gen(function* () {
      const shell = `<html><head><title>App</title><script src="/app.js"></script></head><body><div id="root"></div><script>render()</script></body></html>`
      for (const html of [shell, "", "<h1>Only a title</h1>"]) {
        const error = yield* Effect.flip(htmlToPages(bytes(html), "app.html"))
        expect(error._tag, html).toBe("NothingToImport")
      }
    })
  )

  it.effect("reads the charset the page declares", () =>
    Effect.gen(function* () {
      const latin = new Uint8Array([...bytes('<meta charset="iso-8859-1"><p>Caf'), 0xe9, ...bytes("</p>")])
      const [converted] = yield* htmlToPages(latin, "cafe.html")
      expect(converted?.markdown).toBe("Café")
    })
  )
})

describe("docx", () => {
  it.effect("mammoth's HTML through turndown: the Title paragraph is the title, headings and bold kept", () =>
    Effect.gen(function* () {
      const docx = docxOf([
        paragraph(["Quarterly report"], "Title"),
        paragraph(["Results"], "Heading1"),
        paragraph(["Sales grew by ", ["ten", "b"], " percent."]),
        paragraph(["Next steps"], "Heading2"),
        paragraph(["Hire."])
      ])
      const pages = yield* pagesFromBytes("docx", docx, "report.docx")
      expect(pages).toEqual([{ title: "Quarterly report", markdown: "# Results\n\nSales grew by **ten** percent.\n\n## Next steps\n\nHire." }])
    })
  )

  it.effect("without a heading the file name is the title", () =>
    Effect.gen(function* () {
      const [page] = yield* docxToPages(docxOf([paragraph(["Plain words."])]), "meeting-notes.docx")
      expect(page).toEqual({ title: "Meeting notes", markdown: "Plain words." })
    })
  )

  it.effect("an empty document, a zip that is not Word, and bytes that are not a zip are refused", () =>
    Effect.gen(function* () {
      expect((yield* Effect.flip(docxToPages(docxOf([]), "empty.docx")))._tag).toBe("NothingToImport")
      expect((yield* Effect.flip(docxToPages(zipOf({ "a.txt": "x" }), "fake.docx")))._tag).toBe("UnreadableSource")
      expect((yield* Effect.flip(docxToPages(bytes("plain text, not a docx"), "text.docx")))._tag).toBe("UnreadableSource")
    })
  )

  it.effect("a docx bomb is stopped before mammoth inflates it", () =>
    Effect.gen(function* () {
      const bomb = zipOf({ "word/document.xml": new Uint8Array(60 * 1024 * 1024) })
      const error = yield* Effect.flip(docxToPages(bomb, "bomb.docx"))
      expect(error._tag).toBe("ImportRefused")
      expect(error.message).toContain("word/document.xml")
    })
  )
})

describe("splitTitle", () => {
  it("skips frontmatter, fenced code, empty headings and indented code; reads markup in the title", () => {
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ["---\ntitle: x\n# a yaml comment\n---\n# Real *one*\n\nbody", "Real one", "---\ntitle: x\n# a yaml comment\n---\n\nbody"],
      ["```\n# no\n```\n~~~~\n# no\n~~~\n# no\n~~~~\n#   Spaced   #  \nrest", "Spaced", "```\n# no\n```\n~~~~\n# no\n~~~\n# no\n~~~~\n\nrest"],
      ["#\n# #\n#nospace\n    # code\n # Yes\n\n\nafter", "Yes", "#\n# #\n#nospace\n    # code\n\nafter"],
      ["# 1. Intro to [links](x)\r\n\r\nx", "1. Intro to links", "x"],
      ["## Only level two\n\ntext", "fallback", "## Only level two\n\ntext"]
    ]
    for (const [markdown, title, body] of cases) expect(splitTitle(markdown, "fallback"), markdown).toEqual({ title, markdown: body })
  })
})
