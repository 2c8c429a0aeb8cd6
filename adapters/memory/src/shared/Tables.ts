import type { HashMap } from "effect"
import type { Table } from "./Table.js"

interface Entry {
  readonly table: Table<any, any>
  readonly rows: HashMap.HashMap<any, any>
}

/** The whole store: each table's rows, immutable maps, so a snapshot is just the previous value. */
export class Tables {
  static readonly empty = new Tables({})

  private constructor(private readonly entries: Readonly<Record<string, Entry>>) {}

  rows<K, V>(table: Table<K, V>): HashMap.HashMap<K, V> {
    return this.entries[table.name]?.rows ?? table.empty
  }

  with<K, V>(table: Table<K, V>, rows: HashMap.HashMap<K, V>): Tables {
    const entry = this.entries[table.name]
    if (entry !== undefined && entry.table !== table) throw new Error(`two tables are named ${table.name}`)
    return new Tables({ ...this.entries, [table.name]: { table, rows } })
  }

  update<K, V>(table: Table<K, V>, f: (rows: HashMap.HashMap<K, V>) => HashMap.HashMap<K, V>): Tables {
    return this.with(table, f(this.rows(table)))
  }

  /** Every table that has been written to: the only ones that may hold rows. */
  written(): Array<Table<any, any>> {
    return Object.values(this.entries).map((entry) => entry.table)
  }
}
