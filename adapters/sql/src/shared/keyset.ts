import type { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import type { Keyset } from "@quire/core"

export type Direction = "asc" | "desc"

/**
 * Rows strictly after the keyset's cursor in `direction`, as one row-value comparison on
 * `columns` (the ORDER BY of the list, so an index on them serves both). A cursor of another
 * length than the key compares its common prefix the way `compareKeys` does: a shorter
 * key sorts first.
 */
export const afterCursor = (
  sql: SqlClient,
  columns: ReadonlyArray<string>,
  keyset: Keyset,
  direction: Direction = "asc"
): Fragment => {
  const cursor = keyset.after
  if (cursor === undefined || cursor.length === 0) return sql.literal("1=1")
  const n = Math.min(columns.length, cursor.length)
  const operator =
    cursor.length < columns.length
      ? direction === "asc" ? ">=" : "<"
      : cursor.length > columns.length
        ? direction === "asc" ? ">" : "<="
        : direction === "asc" ? ">" : "<"
  const values = sql.csv(cursor.slice(0, n).map((value) => sql`${String(value)}`))
  return sql`(${sql.literal(columns.slice(0, n).join(", "))}) ${sql.literal(operator)} (${values})`
}

export const orderBy = (sql: SqlClient, columns: ReadonlyArray<string>, direction: Direction = "asc"): Fragment =>
  sql.literal(columns.map((column) => `${column} ${direction === "asc" ? "ASC" : "DESC"}`).join(", "))

/** One row more than the page, so the caller can tell there is a next page. */
export const pageLimit = (sql: SqlClient, keyset: Keyset): Fragment => sql`LIMIT ${keyset.limit + 1}`
