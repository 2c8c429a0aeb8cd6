import { SqlClient, TransactionConnection } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import { makeCommitCounter, Storage, StorageChanges } from "@quire/core"
import { type Cause, Context, Duration, Effect, Layer, Option, Schedule } from "effect"
import { isRetryable } from "./retryable.js"

const isSqlError = (error: unknown): error is SqlError => error instanceof SqlError

/** An attempt that met a serialization failure (or deadlock, or busy database): run it again. */
class Retry {
  constructor(readonly cause: Cause.Cause<unknown>) {}
}

/**
 * How often, and after how long, a transaction is tried again: from 2 ms, doubling, at most
 * 100 ms apart, jittered so that the transactions that collided do not collide again, 60 times
 * (about 5 s in all). A burst on one hot row (a hundred change requests created at once in one
 * space, each reading the last number) commits one writer per round; 30 retries at most 50 ms
 * apart left the last of them failing once commands wrote a few statements more.
 */
const RETRIES = Schedule.exponential(Duration.millis(2)).pipe(
  Schedule.union(Schedule.spaced(Duration.millis(100))),
  Schedule.jittered,
  Schedule.intersect(Schedule.recurs(60))
)

/**
 * `Storage.transaction` as one SQL transaction. A nested call runs in a savepoint of the
 * outer one: it commits with the outer transaction, and if it fails only its own writes are
 * undone. Failing to begin or commit is a defect: the ports have no storage errors.
 *
 * Every command is correct under any interleaving because the outermost transaction runs as
 * if alone: on SQLite it takes the write lock first (a one-row update, like `BEGIN IMMEDIATE`),
 * so commands on one file run one after another; on Postgres it is SERIALIZABLE, and when
 * Postgres finds that it could not be ordered with the others (a read another transaction's
 * write invalidated: two updates of one row, a check of "the last admin" or "the hostname is
 * free" that a concurrent command falsified, two creates reading one last position), the whole
 * command runs again, reading the state the others left, so the core's rules are checked on
 * the state they change. Only the outermost transaction retries: a savepoint cannot.
 */
export const makeSqlStorage = Effect.gen(function* () {
  const sql = yield* SqlClient
  const commits = makeCommitCounter()
  const foreign = yield* ForeignCommits
  const begin: Effect.Effect<void, SqlError> = sql.onDialectOrElse({
    sqlite: () => Effect.asVoid(sql`UPDATE write_lock SET id = id`),
    pg: () => Effect.asVoid(sql`SET TRANSACTION ISOLATION LEVEL SERIALIZABLE`),
    orElse: () => Effect.void
  })

  const outermost = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
    const attempt: Effect.Effect<A, E | Retry, R> = Effect.catchAllCause(
      Effect.catchIf(sql.withTransaction(Effect.zipRight(begin, self)), isSqlError, Effect.die),
      (cause): Effect.Effect<never, E | Retry> =>
        isRetryable(cause) ? Effect.fail(new Retry(cause)) : Effect.failCause(cause as Cause.Cause<E>)
    ) as Effect.Effect<A, E | Retry, R>
    return attempt.pipe(
      Effect.retry({ schedule: RETRIES, while: (error) => error instanceof Retry }),
      Effect.tap(() => Effect.sync(commits.committed)),
      // Still colliding after every retry: the last attempt's defect, as it was.
      Effect.catchIf(
        (error): error is Retry => error instanceof Retry,
        (retry) => Effect.failCause(retry.cause as Cause.Cause<never>)
      )
    )
  }

  const transaction = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(Effect.serviceOption(TransactionConnection), (outer) =>
      Option.isNone(outer) ? outermost(self) : Effect.catchIf(sql.withTransaction(self), isSqlError, Effect.die)
    ) as Effect.Effect<A, E, R>
  const changes = StorageChanges.of({ mark: () => `${commits.mark()}.${foreign.mark()}` })
  return Context.make(Storage, Storage.of({ transaction })).pipe(Context.add(StorageChanges, changes))
})

/**
 * What tells this process that another connection committed (see `StorageChanges`): SQLite's
 * data version, Postgres' notifications. By default, nothing: only this process's own commits
 * (counted by `SqlStorage`) move the mark, which is right for one connection (`:memory:`).
 */
export class ForeignCommits extends Context.Reference<ForeignCommits>()("@quire/storage-sql/ForeignCommits", {
  defaultValue: (): { readonly mark: () => string } => ({ mark: () => "" })
}) {}

export const SqlStorage: { readonly layer: Layer.Layer<Storage | StorageChanges, never, SqlClient> } = {
  layer: Layer.effectContext(makeSqlStorage)
}
