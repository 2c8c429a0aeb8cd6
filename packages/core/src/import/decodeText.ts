import { Effect } from "effect"
import { UnreadableSource } from "./importErrors.js"

/**
 * The bytes as text in `charset` (UTF-8 unless a `Content-Type` or `<meta>` says), byte order
 * mark dropped; bytes that are not valid in it are refused rather than silently replaced.
 */
export const decodeText = (bytes: Uint8Array, what: string, charset = "utf-8") =>
  Effect.try({
    try: () => new TextDecoder(knownCharset(charset), { fatal: true }).decode(bytes),
    catch: () => new UnreadableSource({ message: `${what} is not valid ${knownCharset(charset)} text` })
  })

const knownCharset = (charset: string) => {
  try {
    return new TextDecoder(charset).encoding
  } catch {
    return "utf-8"
  }
}

/** The `charset` parameter of a `Content-Type` header, when it names one. */
export const charsetOf = (contentType: string | undefined): string | undefined =>
  /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "")?.[1]
