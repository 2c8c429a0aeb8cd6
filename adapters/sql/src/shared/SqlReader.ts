import type { SqlError } from "@effect/sql/SqlError"
import type { Statement } from "@effect/sql/Statement"
import { Context, type Effect } from "effect"

export interface SqlReaderService {
  /**
   * Runs a `SELECT` (not a write, even one with `RETURNING`); rows come with
   * `transformResultNames` applied, as from the client.
   */
  readonly read: <A extends object>(statement: Statement<A>) => Effect.Effect<ReadonlyArray<A>, SqlError>
}

/**
 * How repositories run their reads. By default a read is the statement itself, run by the
 * `SqlClient`. An adapter may put a direct path here for reads outside a transaction (SQLite:
 * synchronously on a read-only connection; Postgres: named statements on the pool); a read
 * inside one always goes through the transaction's connection, so that it sees the
 * transaction's own writes.
 */
export class SqlReader extends Context.Reference<SqlReader>()("@quire/storage-sql/SqlReader", {
  defaultValue: (): SqlReaderService => ({ read: (statement) => statement })
}) {}
