import { classifyUrl, type ExportContent, type ExportPage, mapInTurns, type RevisionFile } from "@quire/core"
import { Effect } from "effect"
import type { Block, EmbeddedImage } from "./blocks.js"
import { overBytes, overPixels } from "./imageLimits.js"
import { markdownBlocks } from "./markdownBlocks.js"

/** PNG and JPEG, told by their first bytes (not by the content type a file was uploaded with). */
const imageFormat = (bytes: Uint8Array): EmbeddedImage["format"] | undefined => {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png"
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg"
  return undefined
}

/**
 * The file of the revision an image names: `/files/<id>`, or a path whose last segment is a
 * file's name (the first such file). Outside URLs name none: they are never fetched.
 */
const fileOf = (content: ExportContent, url: string): RevisionFile | undefined => {
  const target = classifyUrl(url)
  if (target?.kind === "file") return content.files.find((file) => file.id === target.file)
  if (target?.kind === "file-path") {
    const name = target.path.split("/").at(-1)
    return content.files.find((file) => file.name === name)
  }
  return undefined
}

/** What an export's images have taken so far of `ImageLimits`' budgets (by declared pixels here; the renderer counts what it reads). */
interface Budget {
  bytes: number
  pixels: number
}

/**
 * An image block with its bytes, when it names a PNG or JPEG file of the revision within
 * `ImageLimits`: the file's size and stored dimensions are checked before its bytes are read.
 */
const resolveImage = (content: ExportContent, budget: Budget, block: Extract<Block, { kind: "image" }>) =>
  Effect.gen(function* () {
    const file = fileOf(content, block.url)
    if (file === undefined) return block
    const omitted =
      overBytes(file.size, budget.bytes) ??
      (file.dimensions === undefined ? undefined : overPixels(file.dimensions.width, file.dimensions.height, budget.pixels))
    if (omitted !== undefined) return { ...block, omitted }
    const found = yield* content.fileBytes(file.id)
    const format = found === undefined ? undefined : imageFormat(found.bytes)
    if (format === undefined || found === undefined) return block
    budget.bytes += file.size
    if (file.dimensions !== undefined) budget.pixels += file.dimensions.width * file.dimensions.height
    return { ...block, image: { format, bytes: found.bytes } }
  })

/** Every image in `blocks`, at any depth, resolved, in order. */
const resolveImages = (content: ExportContent, budget: Budget, blocks: ReadonlyArray<Block>): Effect.Effect<ReadonlyArray<Block>> =>
  Effect.forEach(blocks, (block): Effect.Effect<Block> => {
    switch (block.kind) {
      case "image":
        return resolveImage(content, budget, block)
      case "list":
        return Effect.map(
          Effect.forEach(block.items, (item) => resolveImages(content, budget, item)),
          (items) => ({ ...block, items })
        )
      case "quote":
        return Effect.map(resolveImages(content, budget, block.blocks), (inner) => ({ ...block, blocks: inner }))
      default:
        return Effect.succeed(block)
    }
  })

/**
 * One page's blocks: its title, then its body. Each page begins a new sheet but the first,
 * and but one right after a group's title (a group prints its title only).
 */
const pageBlocks = (page: ExportPage, index: number, previous: ExportPage | undefined): ReadonlyArray<Block> => [
  { kind: "title", text: page.title, depth: page.depth, newPage: index > 0 && previous?.type !== "group" },
  ...(page.type === "document" ? markdownBlocks(page.markdown) : [])
]

/**
 * The blocks of a whole export, in tree order, with its images' bytes read from the revision.
 * Pages are read into blocks with turns of the event loop between (see `mapInTurns`).
 */
export const exportBlocks = (content: ExportContent): Effect.Effect<ReadonlyArray<Block>> =>
  Effect.flatMap(
    mapInTurns(content.pages, (page, index) => pageBlocks(page, index, content.pages[index - 1])),
    (pages) => resolveImages(content, { bytes: 0, pixels: 0 }, pages.flat())
  )
