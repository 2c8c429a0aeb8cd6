import { TransactionConnection } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type { Statement } from "@effect/sql/Statement"
import { nameTransforms, type SqlReaderService } from "@quire/storage-sql"
import Database from "better-sqlite3"
import { Effect, type Scope } from "effect"

interface Prepared {
  readonly statement: Database.Statement
  /** The result's column names, transformed as the client transforms them. */
  readonly names: ReadonlyArray<string>
}

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
        // Only reads run here, but every connection enforces foreign keys, as the client's does.
        db.pragma("foreign_keys = ON")
        // A read's ephemeral tables (a materialized CTE, a GROUP BY's or ORDER BY's B-tree, an
        // automatic index) in memory: better-sqlite3 builds SQLite with TEMP_STORE=1 (files by
        // default), and each one's file-backed pager cost an organization search 0.1-0.3 ms of its
        // 0.5-2.5 in isolation (docs/performance.md, session 16). Only the API's reads run here,
        // on indexes and a page at a time: what their temporary tables hold is small.
        db.pragma("temp_store = MEMORY")
        return db
      }),
      (db) => Effect.sync(() => db.close())
    ),
    (db) => {
      const prepared = new Map<string, Prepared>()
      const prepare = (sql: string): Prepared => {
        let found = prepared.get(sql)
        if (found === undefined) {
          if (prepared.size >= MAX_PREPARED) prepared.clear()
          const statement = db.prepare(sql)
          // Rows as arrays, named here once per statement: better-sqlite3 builds a keyed
          // object per row otherwise, which the name transform would then copy again.
          const names = statement.reader
            ? statement.columns().map((column) => nameTransforms.transformResultNames(column.name))
            : []
          if (statement.reader) statement.raw(true)
          found = { statement, names }
          prepared.set(sql, found)
        }
        return found
      }
      const read = <A extends object>(statement: Statement<A>): Effect.Effect<ReadonlyArray<A>, SqlError> =>
        Effect.withFiberRuntime((fiber) => {
          if (fiber.currentContext.unsafeMap.has(TransactionConnection.key)) return statement
          let rows: Array<Array<unknown>>
          let names: ReadonlyArray<string>
          try {
            const [sql, params] = statement.compile()
            const direct = prepare(sql)
            if (!direct.statement.reader) return statement
            rows = direct.statement.all(...params) as Array<Array<unknown>>
            names = direct.names
          } catch (cause) {
            return Effect.fail(new SqlError({ cause, message: "Failed to execute statement" }))
          }
          const objects = new Array<A>(rows.length)
          for (let r = 0; r < rows.length; r++) {
            const row = rows[r]!
            const object: Record<string, unknown> = {}
            for (let c = 0; c < names.length; c++) object[names[c]!] = row[c]
            objects[r] = object as A
          }
          return Effect.succeed(objects)
        })
      return { read }
    }
  )
