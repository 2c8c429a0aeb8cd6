import { imageSize } from "image-size"

/**
 * The width and height of an image file, read from its header by `image-size`; undefined
 * for anything that is not an image it recognises (or a damaged one).
 */
export const imageDimensions = (
  bytes: Uint8Array,
  contentType: string
): { readonly width: number; readonly height: number } | undefined => {
  if (!contentType.toLowerCase().startsWith("image/")) return undefined
  try {
    const { width, height } = imageSize(bytes)
    return width > 0 && height > 0 ? { width, height } : undefined
  } catch {
    return undefined
  }
}
