import { createHash } from "node:crypto"

/** A body the reader made, with its tag and type. */
export interface RenderedBody {
  readonly status: number
  readonly contentType: string
  readonly body: Uint8Array
  readonly etag: string
}

const encoder = new TextEncoder()

export const renderedBody = (key: string, status: number, contentType: string, text: string): RenderedBody => ({
  status,
  contentType,
  body: encoder.encode(text),
  etag: `"${createHash("sha256").update(key).update("\u0000").update(text).digest("base64url").slice(0, 27)}"`
})

/**
 * The reader's bodies, kept by what they were made from (the site's `version`, the address, the
 * path), least recently used first out once they take more than `maxBytes`. A body is made once
 * per version of what it shows: a merge moves the version, and the next request makes it anew.
 */
export const makeRenderedBodies = (maxBytes: number) => {
  const kept = new Map<string, RenderedBody>()
  let bytes = 0
  return {
    get: (key: string): RenderedBody | undefined => {
      const found = kept.get(key)
      if (found !== undefined) {
        kept.delete(key)
        kept.set(key, found)
      }
      return found
    },
    set: (key: string, value: RenderedBody): void => {
      if (value.body.byteLength > maxBytes / 4) return
      const before = kept.get(key)
      if (before !== undefined) {
        bytes -= before.body.byteLength
        kept.delete(key)
      }
      kept.set(key, value)
      bytes += value.body.byteLength
      for (const [oldest, body] of kept) {
        if (bytes <= maxBytes) break
        kept.delete(oldest)
        bytes -= body.body.byteLength
      }
    }
  }
}
