/** The chunks as one array of `size` bytes (their total); the chunk itself when there is one. */
export const concatBytes = (chunks: ReadonlyArray<Uint8Array>, size = chunks.reduce((n, chunk) => n + chunk.length, 0)): Uint8Array => {
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}
