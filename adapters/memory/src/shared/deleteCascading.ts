import { HashMap } from "effect"
import type { Table } from "./Table.js"
import type { Tables } from "./Tables.js"

/**
 * Deletes the rows of `table` under `keys`, and with them every row owned by one of them,
 * through any depth of owners: what `ON DELETE CASCADE` does in SQL. Each table declares its
 * owner (`Table.owner`); nothing here names a table.
 */
export const deleteCascading = <K extends string, V>(t: Tables, table: Table<K, V>, keys: ReadonlyArray<K>): Tables => {
  const gone = new Set<string>(keys)
  let next = t.update(table, (rows) => HashMap.removeMany(rows, keys))
  for (const dependent of next.written()) {
    const owner = dependent.owner
    if (owner?.table !== table) continue
    const owned: Array<string> = []
    for (const [key, row] of next.rows(dependent)) if (gone.has(owner.key(row))) owned.push(key)
    if (owned.length > 0) next = deleteCascading(next, dependent, owned)
  }
  return next
}
