/**
 * The most documents, and characters, one step of the markdown work reads when many are read at
 * once (an import): a step is a message to a worker thread and back, which costs about as much as
 * parsing a short page, so pages go in groups; small enough groups that a write waiting for the
 * thread waits for a few tens of milliseconds, not for the whole import.
 */
export const CHUNK_DOCUMENTS = 32
export const CHUNK_CHARACTERS = 64 * 1024

/** `texts` cut, in order, into runs within both bounds (a longer text alone). */
export const documentChunks = (texts: ReadonlyArray<string>): ReadonlyArray<ReadonlyArray<string>> => {
  const chunks: Array<Array<string>> = []
  let current: Array<string> = []
  let characters = 0
  for (const text of texts) {
    if (current.length > 0 && (current.length === CHUNK_DOCUMENTS || characters + text.length > CHUNK_CHARACTERS)) {
      chunks.push(current)
      current = []
      characters = 0
    }
    current.push(text)
    characters += text.length
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}
