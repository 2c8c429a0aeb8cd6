import { HashMap } from "effect"

/** Whose row a row is: the owner's table, and the owner's key read from the row. */
export interface Owner<V> {
  readonly table: Table<string, any>
  key(row: V): string
}

/**
 * A table of the memory store, declared in its area's folder: nothing lists the tables, a
 * table's rows appear in `Tables` when first written. A table with an `owner` loses its rows
 * with their owner row, as a foreign key `ON DELETE CASCADE` in SQL (`deleteCascading`).
 */
export interface Table<K, V> {
  /** Unique across the store. */
  readonly name: string
  readonly owner: Owner<V> | undefined
  readonly empty: HashMap.HashMap<K, V>
}

export const table = <K, V>(name: string, owner?: Owner<V>): Table<K, V> => ({ name, owner, empty: HashMap.empty() })
