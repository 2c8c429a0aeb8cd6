/**
 * Rows per statement for batched reads and writes: well under SQLite's limit on bound
 * variables (32,766; 999 in old builds) and Postgres' (65,535) with a few columns per row.
 */
export const CHUNK_SIZE = 500

export const chunksOf = <A>(items: ReadonlyArray<A>, size: number = CHUNK_SIZE): Array<ReadonlyArray<A>> => {
  const chunks: Array<ReadonlyArray<A>> = []
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size))
  return chunks
}
