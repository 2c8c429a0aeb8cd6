import type { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"

/** Booleans are INTEGER 0/1 in every dialect. */
export const toInt = (value: boolean): number => (value ? 1 : 0)
export const toBool = (value: unknown): boolean => Number(value) === 1

/** COUNT(*) is a bigint in Postgres, which its driver returns as a string. */
export const toCount = (rows: ReadonlyArray<{ readonly count: unknown }>): number => Number(rows[0]?.count ?? 0)

/**
 * Keys for case-insensitive search and sort are lowered here rather than with SQL's lower():
 * SQLite's lowers ASCII only and Postgres' depends on the collation, JavaScript's is the
 * one the core and the memory adapter use.
 */
export const foldCase = (text: string): string => text.toLowerCase()

/** `column` contains `part`: no LIKE, so `%` and `_` in the search need no escaping. */
export const contains = (sql: SqlClient, column: string, part: string): Fragment =>
  sql.onDialectOrElse({
    pg: () => sql`strpos(${sql.literal(column)}, ${part}) > 0`,
    orElse: () => sql`instr(${sql.literal(column)}, ${part}) > 0`
  })
