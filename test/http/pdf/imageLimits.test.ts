import type { ExportContent, RevisionFile } from "@quire/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { exportBlocks } from "../../../adapters/http/src/pdf-export/render/exportBlocks.js"
import { ImageLimits } from "../../../adapters/http/src/pdf-export/render/imageLimits.js"
import { renderPdf } from "../../../adapters/http/src/pdf-export/render/renderPdf.js"
import { declaredPng, solidPng } from "../../e2e/support/png.js"

const file = (id: string, size: number, dimensions?: { width: number; height: number }): RevisionFile => ({
  id,
  name: `${id}.png`,
  contentType: "image/png",
  downloadURL: "x",
  size,
  ...(dimensions === undefined ? {} : { dimensions })
})

/** Content of one page showing `files` in order; records which files' bytes were read. */
const content = (files: ReadonlyArray<RevisionFile>, bytes: Record<string, Uint8Array>) => {
  const read: Array<string> = []
  const exported: ExportContent = {
    title: "Images",
    pages: [{ id: "p", title: "P", type: "document", depth: 0, markdown: files.map((f) => `![${f.id}](/files/${f.id})`).join("\n\n") }],
    files,
    fileBytes: (id) =>
      Effect.sync(() => {
        read.push(id)
        const found = files.find((f) => f.id === id)
        return found === undefined ? undefined : { file: found, bytes: bytes[id] ?? new Uint8Array(), sha256: id }
      })
  }
  return { exported, read }
}

const images = (blocks: ReadonlyArray<unknown>) =>
  blocks.filter((b): b is { kind: "image"; alt: string; image?: unknown; omitted?: string } => (b as { kind: string }).kind === "image")

describe("images in a PDF export, within ImageLimits", () => {
  it("an image whose stored dimensions are over the bound is left out with the reason, its bytes never read", async () => {
    const small = solidPng(2, 2, [1, 2, 3])
    const { exported, read } = content([file("huge", 400, { width: 10_000, height: 10_000 }), file("small", small.length, { width: 2, height: 2 })], {
      small
    })
    const blocks = images(await Effect.runPromise(exportBlocks(exported)))
    expect(blocks[0]).toMatchObject({ alt: "huge", omitted: "10000 × 10000 pixels, over 16.8 megapixels" })
    expect(blocks[0]!.image).toBeUndefined()
    expect(blocks[1]!.image).toBeDefined()
    expect(read).toEqual(["small"])
  })

  it("files over the bytes of one image, or past the export's budget, are left out", async () => {
    const big = 15 * 1024 * 1024
    const files = [file("a", big), file("b", big), file("c", big), file("d", big), file("e", ImageLimits.bytesPerImage + 1024 * 1024)]
    const png = solidPng(1, 1, [0, 0, 0])
    const { exported, read } = content(files, { a: png, b: png, c: png, d: png })
    const blocks = images(await Effect.runPromise(exportBlocks(exported)))
    expect(blocks.map((b) => b.omitted)).toEqual([undefined, undefined, undefined, "over the export's 48 MB of images", "17 MB, over 16 MB"])
    expect(read).toEqual(["a", "b", "c"])
  })

  it("an image whose header declares too many pixels, with no stored dimensions, prints as text: nothing is decoded", async () => {
    const huge = declaredPng(10_000, 10_000)
    const { exported } = content([file("huge", huge.length)], { huge })
    const blocks = await Effect.runPromise(exportBlocks(exported))
    expect(images(blocks)[0]!.image).toBeDefined()
    const pdf = Buffer.from(await Effect.runPromise(renderPdf("Images", blocks)))
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    expect(pdf.includes("/Subtype /Image")).toBe(false)
    const small = solidPng(3, 2, [9, 9, 9])
    const fine = await Effect.runPromise(exportBlocks(content([file("small", small.length)], { small }).exported))
    expect(Buffer.from(await Effect.runPromise(renderPdf("Images", fine))).includes("/Subtype /Image")).toBe(true)
  })
})
