import { isKeptRender } from "@quire/core"

/** The UTF-8 JSON of each kept render served, by the render: it goes when the core lets the render go. */
const encoded = new WeakMap<object, Uint8Array>()

const utf8 = new TextEncoder()

/**
 * The JSON of `value` as UTF-8 bytes when it is an answer the core keeps rendered (see
 * `isKeptRender`): what `JSON.stringify` gives, encoded, made the first time it is served and
 * kept beside it, so a server answering the same kept page again need neither serialise nor
 * encode it again. Undefined for anything else. Kept answers and their bytes are never changed.
 */
export const keptJson = (value: unknown): Uint8Array | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  // A kept answer served before costs this one lookup.
  const known = encoded.get(value)
  if (known !== undefined) return known
  if (!isKeptRender(value)) return undefined
  const bytes = utf8.encode(JSON.stringify(value))
  encoded.set(value, bytes)
  return bytes
}
