import type { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import type { Keyset } from "@quire/core"
import { Effect } from "effect"

/**
 * The number of rows of `from` matching `where`, as one more column of a page's rows
 * (`total_count`): the page and its count in one statement, and so one round trip and one
 * snapshot. The subquery does not depend on the row, so it runs once (Postgres' InitPlan,
 * SQLite's once-only subroutine).
 */
export const countColumn = (sql: SqlClient, from: Fragment, where: ReadonlyArray<Fragment>): Fragment =>
  sql`(SELECT CAST(COUNT(*) AS INTEGER) FROM ${from} WHERE ${sql.and(where)}) AS total_count`

/**
 * The count carried by a page's rows, when they can tell it: any row carries it, and an
 * empty first page means there is nothing to count. An empty page after a cursor tells
 * nothing, so the count is then `orElse`.
 */
export const countOfPage = <E, R>(
  rows: ReadonlyArray<{ readonly totalCount: unknown }>,
  keyset: Keyset,
  orElse: Effect.Effect<number, E, R>
): Effect.Effect<number, E, R> =>
  rows.length > 0
    ? Effect.succeed(Number(rows[0]!.totalCount))
    : keyset.after === undefined || keyset.after.length === 0
      ? Effect.succeed(0)
      : orElse
