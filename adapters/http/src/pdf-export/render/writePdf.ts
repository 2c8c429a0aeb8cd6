import PDFDocument from "pdfkit"
import type { Block, EmbeddedImage } from "./blocks.js"
import { overPixels } from "./imageLimits.js"
import { pngOverInflation } from "./pngInflation.js"
import { pdfText } from "./pdfText.js"

type Doc = typeof PDFDocument

/** An image pdfkit has read: its size in pixels (pdfkit's `openImage`, which its types leave out). */
interface OpenedImage {
  readonly width: number
  readonly height: number
}
const openImage = (doc: Doc, bytes: Uint8Array): OpenedImage =>
  (doc as unknown as { openImage: (src: Buffer) => OpenedImage }).openImage(Buffer.from(bytes))

const MARGIN = 56
const BODY = { font: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique", size: 11 } as const
const CODE = { font: "Courier", size: 9 } as const
const TITLE_SIZES = [22, 18, 16, 14] as const
const HEADING_SIZES = [18, 15, 13, 12, 11, 11] as const
const LIST_INDENT = 16
const QUOTE_INDENT = 14
/** An image at most this share of the page's printable height. */
const IMAGE_MAX_HEIGHT_SHARE = 0.6

interface Frame {
  readonly x: number
  readonly width: number
}

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom

/** Starts a new sheet when fewer than `height` points are left on this one. */
const ensureRoom = (doc: Doc, height: number) => {
  if (doc.y + height > bottom(doc)) doc.addPage()
}

const text = (doc: Doc, frame: Frame, content: string, font: string, size: number, gapAfter = 0.4) => {
  doc.font(font).fontSize(size).text(pdfText(content), frame.x, doc.y, { width: frame.width })
  doc.moveDown(gapAfter)
}

/** Pixels of the images written so far in a document (see `ImageLimits`). */
const embeddedPixels = new WeakMap<Doc, number>()

/**
 * An image scaled to the frame's width (never up), and to a share of the page's height. Its
 * header is read first (pdfkit's `openImage` decodes nothing); one over `ImageLimits`' pixels,
 * or a PNG whose data inflates past its header's size, prints as a line of text and is never decoded.
 */
const image = (doc: Doc, frame: Frame, embedded: EmbeddedImage, alt: string) => {
  const bomb = pngOverInflation(embedded.bytes)
  if (bomb !== undefined) return text(doc, frame, `[image: ${alt} (${bomb})]`, BODY.italic, BODY.size)
  let opened: OpenedImage
  try {
    opened = openImage(doc, embedded.bytes)
  } catch {
    // A file that says PNG or JPEG but pdfkit cannot read: its alt text, as for other images.
    return text(doc, frame, `[image: ${alt}]`, BODY.italic, BODY.size)
  }
  const before = embeddedPixels.get(doc) ?? 0
  const over = overPixels(opened.width, opened.height, before)
  if (over !== undefined) return text(doc, frame, `[image: ${alt} (${over})]`, BODY.italic, BODY.size)
  embeddedPixels.set(doc, before + opened.width * opened.height)
  const maxHeight = (bottom(doc) - doc.page.margins.top) * IMAGE_MAX_HEIGHT_SHARE
  const scale = Math.min(1, frame.width / opened.width, maxHeight / opened.height)
  const width = opened.width * scale
  const height = opened.height * scale
  ensureRoom(doc, height)
  const y = doc.y
  doc.image(opened as unknown as Buffer, frame.x, y, { width, height })
  doc.y = y + height
  doc.moveDown(0.6)
}

const list = (doc: Doc, frame: Frame, block: Extract<Block, { kind: "list" }>) => {
  const inner: Frame = { x: frame.x + LIST_INDENT, width: frame.width - LIST_INDENT }
  block.items.forEach((item, index) => {
    ensureRoom(doc, BODY.size * 1.5)
    const marker = block.ordered ? `${block.start + index}.` : "•"
    const y = doc.y
    doc.font(BODY.font).fontSize(BODY.size).text(marker, frame.x, y, { width: LIST_INDENT, lineBreak: false })
    doc.y = y
    if (item.length === 0) doc.moveDown(1)
    for (const child of item) blocks(doc, inner, [child])
  })
  doc.moveDown(0.2)
}

const table = (doc: Doc, frame: Frame, rows: ReadonlyArray<ReadonlyArray<string>>) => {
  rows.forEach((row, index) => {
    text(doc, frame, row.join("  |  "), index === 0 ? BODY.bold : BODY.font, BODY.size - 1, 0.15)
  })
  doc.moveDown(0.4)
}

const blocks = (doc: Doc, frame: Frame, content: ReadonlyArray<Block>) => {
  for (const block of content) {
    switch (block.kind) {
      case "title":
        if (block.newPage) doc.addPage()
        else ensureRoom(doc, 60)
        text(doc, frame, block.text, BODY.bold, TITLE_SIZES[Math.min(block.depth, TITLE_SIZES.length - 1)]!, 0.6)
        break
      case "heading":
        ensureRoom(doc, 40)
        doc.moveDown(0.3)
        text(doc, frame, block.text, BODY.bold, HEADING_SIZES[Math.min(block.level, 6) - 1]!, 0.3)
        break
      case "paragraph":
        text(doc, frame, block.text, BODY.font, BODY.size)
        break
      case "list":
        list(doc, frame, block)
        break
      case "code":
        text(doc, { x: frame.x + 8, width: frame.width - 8 }, block.text, CODE.font, CODE.size, 0.6)
        break
      case "table":
        table(doc, frame, block.rows)
        break
      case "quote":
        blocks(doc, { x: frame.x + QUOTE_INDENT, width: frame.width - QUOTE_INDENT }, block.blocks)
        break
      case "rule": {
        const y = doc.y + 4
        doc.moveTo(frame.x, y).lineTo(frame.x + frame.width, y).lineWidth(0.5).stroke("#999999")
        doc.y = y
        doc.moveDown(0.6)
        break
      }
      case "image":
        if (block.image !== undefined) image(doc, frame, block.image, block.alt)
        else if (block.omitted !== undefined) text(doc, frame, `[image: ${block.alt} (${block.omitted})]`, BODY.italic, BODY.size)
        else {
          const outside = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(block.url.trim())
          text(doc, frame, outside ? `[image: ${block.alt}] (${block.url})` : `[image: ${block.alt}]`, BODY.italic, BODY.size)
        }
        break
    }
  }
}

/**
 * The PDF of `content` (A4, PDF's standard fonts: Helvetica, and Courier for code), as bytes.
 * pdfkit writes synchronously, all at once: `renderPdf` runs this in a worker thread.
 */
export const writePdf = (title: string, content: ReadonlyArray<Block>): Promise<Uint8Array> => {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: pdfText(title), Producer: "Quire", Creator: "Quire" } })
  const chunks: Array<Buffer> = []
  doc.on("data", (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on("error", reject)
  })
  blocks(doc, { x: MARGIN, width: doc.page.width - 2 * MARGIN }, content)
  doc.end()
  return ended
}
