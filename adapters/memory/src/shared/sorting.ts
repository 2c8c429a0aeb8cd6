import { compareKeys, type Keyset, type Slice, type SortValue, sliceSorted } from "@quire/core"
import { Option } from "effect"

/** Rows sorted by a sort key in the given direction. */
export const sortedBy = <R>(
  rows: ReadonlyArray<R>,
  sortKey: (row: R) => ReadonlyArray<SortValue>,
  direction: "asc" | "desc" = "asc"
): Array<R> => {
  const sign = direction === "asc" ? 1 : -1
  const keyed = rows.map((row) => ({ row, key: sortKey(row) }))
  keyed.sort((a, b) => sign * compareKeys(a.key, b.key))
  return keyed.map((k) => k.row)
}

/** Sorts rows by a sort key in the given direction and cuts the keyset slice out of them. */
export const sliceBy = <R>(
  rows: ReadonlyArray<R>,
  keyset: Keyset,
  sortKey: (row: R) => ReadonlyArray<SortValue>,
  direction: "asc" | "desc" = "asc"
): Slice<R> => sliceSorted(sortedBy(rows, sortKey, direction), keyset, sortKey, direction)

/** Case-insensitive substring test, as the ports' `search` and `title` filters want. */
export const containsFolded = (text: string, part: string): boolean => text.toLowerCase().includes(part.toLowerCase())

/** The greatest of some strings (code-unit order, like SQL with the "C" collation), if any. */
export const greatest = (values: ReadonlyArray<string>): Option.Option<string> =>
  values.length === 0 ? Option.none() : Option.some(values.reduce((a, b) => (b > a ? b : a)))
