/**
 * What a PDF export embeds of its images. An image is decoded by pdfkit (PNG with alpha or
 * interlacing, indexed PNG with transparency) into width × height × channels bytes whatever
 * its file's size, so images are bounded by the pixels they declare, read from their header
 * before anything is decoded, and by their bytes. An image over a bound prints as a line of
 * text (`[image: alt (why)]`), as an image the PDF cannot show does.
 */
export const ImageLimits = {
  /** Pixels of one image: 4096 × 4096 (16.8 megapixels, 64 MiB decoded as RGBA). */
  pixelsPerImage: 4096 * 4096,
  /** Pixels of all the images of one export: four images at the bound. */
  pixelsPerExport: 4 * 4096 * 4096,
  /** Bytes of one image file. */
  bytesPerImage: 16 * 1024 * 1024,
  /** Bytes of all the image files of one export. */
  bytesPerExport: 48 * 1024 * 1024
} as const

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`
const mebibytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

/** Why an image of `width` × `height` is not embedded, given the pixels embedded so far; undefined when it fits. */
export const overPixels = (width: number, height: number, embeddedPixels: number): string | undefined => {
  const pixels = width * height
  if (!(pixels > 0)) return "unreadable"
  if (pixels > ImageLimits.pixelsPerImage) return `${width} × ${height} pixels, over ${megapixels(ImageLimits.pixelsPerImage)}`
  if (embeddedPixels + pixels > ImageLimits.pixelsPerExport)
    return `over the export's ${megapixels(ImageLimits.pixelsPerExport)} of images`
  return undefined
}

/** Why an image file of `size` bytes is not embedded, given the bytes embedded so far; undefined when it fits. */
export const overBytes = (size: number, embeddedBytes: number): string | undefined => {
  if (size > ImageLimits.bytesPerImage) return `${mebibytes(size)}, over ${mebibytes(ImageLimits.bytesPerImage)}`
  if (embeddedBytes + size > ImageLimits.bytesPerExport) return `over the export's ${mebibytes(ImageLimits.bytesPerExport)} of images`
  return undefined
}
