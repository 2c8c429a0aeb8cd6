import { TransactionConnection } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type { Statement } from "@effect/sql/Statement"
import { type SqlReaderService, transformRow } from "@quire/storage-sql"
import Database from "better-sqlite3"
import { Effect, type Scope } from "effect"

/** Prepared statements kept per connection; past this many (an unusual spread of `IN` lists), start over. */
const MAX_PREPARED = 500

/**
 * Reads outside a transaction, answered synchronously on a read-only connection of their own.
 *
 * better-sqlite3 is synchronous, so the general path of `@effect/sql` (a span, a scope, the
 * connection's semaphore and an Effect `Cache` of prepared statements, per statement) is all
 * overhead around a call that returns at once; on `GET /v1/spaces/{id}` it was most of the
 * request. In WAL mode a second connection reads the last committed state without waiting for
 * a writer, so reads also no longer queue behind another request's transaction.
 *
 * Inside a transaction, and for any statement that is not a read, the statement goes through
 * the `SqlClient` as usual.
 */
export const makeDirectReader = (filename: string): Effect.Effect<SqlReaderService, never, Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      Effect.sync(() => {
        const db = new Database(filename, { readonly: true, fileMustExist: true })
        db.pragma("busy_timeout = 5000")
        return db
      }),
      (db) => Effect.sync(() => db.close())
    ),
    (db) => {
      const prepared = new Map<string, Database.Statement>()
      const prepare = (sql: string): Database.Statement => {
        let statement = prepared.get(sql)
        if (statement === undefined) {
          if (prepared.size >= MAX_PREPARED) prepared.clear()
          statement = db.prepare(sql)
          prepared.set(sql, statement)
        }
        return statement
      }
      const read = <A extends object>(statement: Statement<A>): Effect.Effect<ReadonlyArray<A>, SqlError> =>
        Effect.withFiberRuntime((fiber) => {
          if (fiber.currentContext.unsafeMap.has(TransactionConnection.key)) return statement
          let rows: Array<Record<string, unknown>>
          try {
            const [sql, params] = statement.compile()
            const direct = prepare(sql)
            if (!direct.reader) return statement
            rows = direct.all(...params) as Array<Record<string, unknown>>
          } catch (cause) {
            return Effect.fail(new SqlError({ cause, message: "Failed to execute statement" }))
          }
          return Effect.succeed(rows.map(transformRow) as unknown as ReadonlyArray<A>)
        })
      return { read }
    }
  )
