import { classifyUrl, type ExportContent, type ExportPage } from "@quire/core"
import { Effect } from "effect"
import type { Block, EmbeddedImage } from "./blocks.js"
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
const fileIdOf = (content: ExportContent, url: string): string | undefined => {
  const target = classifyUrl(url)
  if (target?.kind === "file") return target.file
  if (target?.kind === "file-path") {
    const name = target.path.split("/").at(-1)
    return content.files.find((file) => file.name === name)?.id
  }
  return undefined
}

/** An image block with its bytes, when it names a PNG or JPEG file of the revision. */
const resolveImage = (content: ExportContent, block: Extract<Block, { kind: "image" }>) =>
  Effect.gen(function* () {
    const fileId = fileIdOf(content, block.url)
    if (fileId === undefined) return block
    const found = yield* content.fileBytes(fileId)
    const format = found === undefined ? undefined : imageFormat(found.bytes)
    return format === undefined || found === undefined ? block : { ...block, image: { format, bytes: found.bytes } }
  })

/** Every image in `blocks`, at any depth, resolved. */
const resolveImages = (content: ExportContent, blocks: ReadonlyArray<Block>): Effect.Effect<ReadonlyArray<Block>> =>
  Effect.forEach(blocks, (block): Effect.Effect<Block> => {
    switch (block.kind) {
      case "image":
        return resolveImage(content, block)
      case "list":
        return Effect.map(
          Effect.forEach(block.items, (item) => resolveImages(content, item)),
          (items) => ({ ...block, items })
        )
      case "quote":
        return Effect.map(resolveImages(content, block.blocks), (inner) => ({ ...block, blocks: inner }))
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

/** The blocks of a whole export, in tree order, with its images' bytes read from the revision. */
export const exportBlocks = (content: ExportContent): Effect.Effect<ReadonlyArray<Block>> =>
  resolveImages(
    content,
    content.pages.flatMap((page, index) => pageBlocks(page, index, content.pages[index - 1]))
  )
