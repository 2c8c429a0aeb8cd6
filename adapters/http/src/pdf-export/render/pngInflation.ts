import { inflateSync } from "node:zlib"

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/**
 * The most bytes a PNG's image data may inflate to: each row's filter byte and pixels, for the
 * size and format its header declares. An interlaced image's seven passes add at most a filter
 * byte and a partial byte per row of each pass, so it gets a little more room.
 */
const inflatedBound = (width: number, height: number, bitDepth: number, colorType: number, interlaced: boolean) => {
  const bitsPerPixel = bitDepth * (CHANNELS[colorType] ?? 4)
  const rows = height * (1 + Math.ceil((width * bitsPerPixel) / 8))
  return interlaced ? rows + 7 * 2 * (height + 1) : rows
}

/**
 * Why a PNG is not embedded because its compressed data inflates past what its header declares
 * (a small image header over a huge stream: pdfkit's PNG reader would inflate it all, outside
 * any heap limit); undefined for a PNG that keeps to it, and for anything that is no PNG.
 * Inflates with `maxOutputLength`, so the check itself never holds more than the bound.
 */
export const pngOverInflation = (bytes: Uint8Array): string | undefined => {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString("latin1", 12, 16) !== "IHDR") return undefined
  const width = data.readUInt32BE(16)
  const height = data.readUInt32BE(20)
  const bound = inflatedBound(width, height, data[24]!, data[25]!, data[28] === 1)
  const chunks: Array<Buffer> = []
  for (let at = 8; at + 8 <= data.length; ) {
    const length = data.readUInt32BE(at)
    const type = data.toString("latin1", at + 4, at + 8)
    if (type === "IDAT") chunks.push(data.subarray(at + 8, Math.min(at + 8 + length, data.length)))
    if (type === "IEND") break
    at += 12 + length
  }
  try {
    inflateSync(Buffer.concat(chunks), { maxOutputLength: Math.max(1, bound) })
    return undefined
  } catch (error) {
    return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "its data inflates past its declared size" : "unreadable"
  }
}
