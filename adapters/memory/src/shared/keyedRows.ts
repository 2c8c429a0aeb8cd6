import { HashMap } from "effect"

/** An unambiguous key for a pair of ids, whatever characters they hold. */
export const pairKey = (a: string, b: string): string => JSON.stringify([a, b])

/** Adds a row under a new key; a taken key is a bug in the caller, as a primary key violation is in SQL. */
export const insertNew = <K, V>(map: HashMap.HashMap<K, V>, key: K, value: V, what: string): HashMap.HashMap<K, V> => {
  if (HashMap.has(map, key)) throw new Error(`${what} ${String(key)} already exists`)
  return HashMap.set(map, key, value)
}

/** Replaces an existing row; updating a missing row changes nothing, as an SQL UPDATE. */
export const replaceExisting = <K, V>(map: HashMap.HashMap<K, V>, key: K, value: V): HashMap.HashMap<K, V> =>
  HashMap.has(map, key) ? HashMap.set(map, key, value) : map

export const rowsOf = <K, V>(map: HashMap.HashMap<K, V>): Array<V> => Array.from(HashMap.values(map))
