import type { ExportContent } from "@quire/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { exportBlocks } from "../../../adapters/http/src/pdf-export/render/exportBlocks.js"
import { markdownBlocks } from "../../../adapters/http/src/pdf-export/render/markdownBlocks.js"
import { pdfText } from "../../../adapters/http/src/pdf-export/render/pdfText.js"
import { renderPdf } from "../../../adapters/http/src/pdf-export/render/renderPdf.js"

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

const content = (pages: ExportContent["pages"]): ExportContent => ({
  title: "Space",
  pages,
  files: [{ id: "f1", name: "shot.png", contentType: "image/png", downloadURL: "x", size: PNG.length }],
  fileBytes: (id) =>
    Effect.succeed(id === "f1" ? { file: { id, name: "shot.png", contentType: "image/png", downloadURL: "x", size: 12 }, bytes: PNG, sha256: "s" } : undefined)
})

describe("markdown as blocks", () => {
  it("reads headings, paragraphs, nested lists, code, tables, quotes and images; links and emphasis as text", () => {
    const blocks = markdownBlocks(
      [
        "# Top",
        "",
        "Some *emphasis* and [a link](https://x.test) and `code`.",
        "",
        "- one",
        "  - nested",
        "",
        "3. three",
        "",
        "```js",
        "let x = 1",
        "```",
        "",
        "| a | b |",
        "| - | - |",
        "| 1 | 2 |",
        "",
        "> quoted",
        "",
        "Before ![alt](/files/f1) after"
      ].join("\n")
    )
    expect(blocks).toEqual([
      { kind: "heading", text: "Top", level: 1 },
      { kind: "paragraph", text: "Some emphasis and a link and code." },
      {
        kind: "list",
        ordered: false,
        start: 1,
        items: [[{ kind: "paragraph", text: "one" }, { kind: "list", ordered: false, start: 1, items: [[{ kind: "paragraph", text: "nested" }]] }]]
      },
      { kind: "list", ordered: true, start: 3, items: [[{ kind: "paragraph", text: "three" }]] },
      { kind: "code", text: "let x = 1" },
      { kind: "table", rows: [["a", "b"], ["1", "2"]] },
      { kind: "quote", blocks: [{ kind: "paragraph", text: "quoted" }] },
      { kind: "paragraph", text: "Before" },
      { kind: "image", url: "/files/f1", alt: "alt" },
      { kind: "paragraph", text: "after" }
    ])
  })

  it("frontmatter and link definitions print nothing", () => {
    expect(markdownBlocks("---\ntitle: x\n---\n\n[ref]: https://x.test\n")).toEqual([])
  })
})

describe("an export as blocks", () => {
  it("titles in tree order; a group is its title only, and the page after it shares its sheet", async () => {
    const blocks = await Effect.runPromise(
      exportBlocks(
        content([
          { id: "a", title: "A", type: "document", depth: 0, markdown: "Body A." },
          { id: "g", title: "G", type: "group", depth: 0, markdown: "" },
          { id: "b", title: "B", type: "document", depth: 1, markdown: "![shot](./shot.png) ![far](https://x.test/y.png) ![gone](/files/nope)" }
        ])
      )
    )
    expect(blocks).toEqual([
      { kind: "title", text: "A", depth: 0, newPage: false },
      { kind: "paragraph", text: "Body A." },
      { kind: "title", text: "G", depth: 0, newPage: true },
      { kind: "title", text: "B", depth: 1, newPage: false },
      { kind: "image", url: "./shot.png", alt: "shot", image: { format: "png", bytes: PNG } },
      { kind: "image", url: "https://x.test/y.png", alt: "far" },
      { kind: "image", url: "/files/nope", alt: "gone" }
    ])
  })
})

describe("text for the standard fonts", () => {
  it("keeps Latin-1 and WinAnsi, replaces the rest per character", () => {
    expect(pdfText("Über — “ok” € 文档 🎉\tend\u0007")).toBe("Über — “ok” € ?? ?    end")
  })

  it("a PDF of text no standard font has, and of an image pdfkit cannot read, is still a PDF", async () => {
    const bytes = await Effect.runPromise(
      renderPdf("文档", [
        { kind: "title", text: "文档 🎉", depth: 0, newPage: false },
        { kind: "image", url: "/files/f1", alt: "broken", image: { format: "png", bytes: PNG } }
      ])
    )
    expect(Buffer.from(bytes).subarray(0, 5).toString("latin1")).toBe("%PDF-")
  })
})
