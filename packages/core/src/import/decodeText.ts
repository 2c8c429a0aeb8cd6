import { TextDecoder } from "node:util"
import { Effect } from "effect"
import { UnreadableSource } from "./importErrors.js"

/**
 * The bytes as text in `charset` (UTF-8 unless a `Content-Type` or `<meta>` says), byte order
 * mark dropped; bytes that are not valid in it are refused rather than silently replaced.
 */
export const decodeText = (bytes: Uint8Array, what: string, charset = "utf-8") =>
  Effect.try({
    try: () => decoderFor(charset).decode(bytes),
    catch: () => new UnreadableSource({ message: `${what} is not valid ${decoderFor(charset).encoding} text` })
  })

const decoders = new Map<string, TextDecoder>()

/** One strict decoder per charset label (an unknown label reads as UTF-8); made once, as a folder has thousands of files. */
const decoderFor = (charset: string): TextDecoder => {
  const label = charset.toLowerCase()
  let decoder = decoders.get(label)
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(label, { fatal: true })
    } catch {
      decoder = new TextDecoder("utf-8", { fatal: true })
    }
    if (decoders.size < 64) decoders.set(label, decoder)
  }
  return decoder
}

/** The `charset` parameter of a `Content-Type` header, when it names one. */
export const charsetOf = (contentType: string | undefined): string | undefined =>
  /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "")?.[1]
