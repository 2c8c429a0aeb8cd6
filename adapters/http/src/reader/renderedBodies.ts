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
 * Values holding a body, kept by key, least recently used first out once their bodies take more
 * than `maxBytes` with their keys (one over a quarter of that is not kept). The reader keeps its rendered bodies
 * so (by the site's `version`, the address and the path: a body is made once per version of
 * what it shows), and its whole answers (`FastLane`).
 */
export const makeRenderedBodies = <V extends { readonly body: Uint8Array } = RenderedBody>(maxBytes: number) => {
  const kept = new Map<string, V>()
  let bytes = 0
  return {
    get: (key: string): V | undefined => {
      const found = kept.get(key)
      if (found !== undefined) {
        kept.delete(key)
        kept.set(key, found)
      }
      return found
    },
    get size(): number {
      return kept.size
    },
    set: (key: string, value: V): void => {
      // A key counts too: a held answer's key is a whole URL and cookie, which a client chooses.
      const size = (k: string, v: V) => k.length + v.body.byteLength
      if (size(key, value) > maxBytes / 4) return
      const before = kept.get(key)
      if (before !== undefined) {
        bytes -= size(key, before)
        kept.delete(key)
      }
      kept.set(key, value)
      bytes += size(key, value)
      for (const [oldest, body] of kept) {
        if (bytes <= maxBytes) break
        kept.delete(oldest)
        bytes -= size(oldest, body)
      }
    }
  }
}
