import { SqlError } from "@effect/sql/SqlError"
import { Duration, Effect, type Scope } from "effect"
import pg from "pg"

export interface PgPoolOptions {
  readonly url: string
  readonly maxConnections?: number | undefined
  readonly applicationName: string
}

/**
 * A `pg` pool, made and checked the way `PgClient.make` makes its own (which it does not
 * share): the first connection must answer within 5 s, and the pool ends (waiting at most
 * 1 s) when the scope closes. Made here so that the `SqlClient` and the direct reads
 * (`PgReader`) share one pool, and so one limit on connections.
 */
export const acquirePool = (options: PgPoolOptions): Effect.Effect<pg.Pool, SqlError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const pool = new pg.Pool({
        connectionString: options.url,
        max: options.maxConnections,
        application_name: options.applicationName
      })
      // An idle client's error: the pool drops that client and makes another when needed.
      pool.on("error", () => {})
      return pool
    }),
    (pool) => Effect.promise(() => pool.end()).pipe(Effect.interruptible, Effect.timeoutOption(1000))
  ).pipe(
    Effect.tap((pool) =>
      Effect.tryPromise({
        try: () => pool.query("SELECT 1"),
        catch: (cause) => new SqlError({ cause, message: "PgClient: Failed to connect" })
      }).pipe(
        Effect.timeoutFail({
          duration: Duration.seconds(5),
          onTimeout: () =>
            new SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Connection timed out" })
        })
      )
    )
  )
