import { SqlClient, TransactionConnection } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import { Storage } from "@quire/core"
import { Effect, Layer, Option } from "effect"

const isSqlError = (error: unknown): error is SqlError => error instanceof SqlError

/**
 * `Storage.transaction` as one SQL transaction. A nested call runs in a savepoint of the
 * outer one: it commits with the outer transaction, and if it fails only its own writes are
 * undone. Failing to begin or commit is a defect: the ports have no storage errors.
 */
export const makeSqlStorage = Effect.gen(function* () {
  const sql = yield* SqlClient
  // SQLite: write first, so the outermost transaction holds the write lock from its start.
  const claimWriteLock: Effect.Effect<void, SqlError> = sql.onDialectOrElse({
    sqlite: () => Effect.asVoid(sql`UPDATE write_lock SET id = id`),
    orElse: () => Effect.void
  })
  const transaction = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(Effect.serviceOption(TransactionConnection), (outer) =>
      Effect.catchIf(
        sql.withTransaction(Option.isNone(outer) ? Effect.zipRight(claimWriteLock, self) : self),
        isSqlError,
        Effect.die
      )
    ) as Effect.Effect<A, E, R>
  return Storage.of({ transaction })
})

export const SqlStorage: { readonly layer: Layer.Layer<Storage, never, SqlClient> } = {
  layer: Layer.effect(Storage, makeSqlStorage)
}
