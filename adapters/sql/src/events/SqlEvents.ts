import { SqlClient, TransactionConnection } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import {
  type EventRecord,
  Events,
  type EventType,
  type NewEvent,
  type OrganizationId,
  type SpaceId,
  type UserId
} from "@quire/core"
import { Context, Effect, Layer } from "effect"
import { SqlReader } from "../shared/SqlReader.js"

interface EventRow {
  readonly sequence: unknown
  readonly type: string
  readonly organizationId: string
  readonly spaceId: string | null
  readonly actor: string | null
  readonly at: string
  readonly payload: string
}

const toEventRecord = (row: EventRow): EventRecord => ({
  // A BIGINT on Postgres, which its driver returns as a string.
  sequence: Number(row.sequence),
  type: row.type as EventType,
  organizationId: row.organizationId as OrganizationId,
  spaceId: row.spaceId as SpaceId | null,
  actor: row.actor as UserId | null,
  at: row.at,
  payload: JSON.parse(row.payload)
})

/** Any constant: it names the advisory lock that numbering passes on Postgres take in turn. */
const NUMBERING_LOCK = 5_274_102_386

/** Runs `self` on a connection of its own, even inside a transaction. */
const outsideTransaction = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.mapInputContext(self, (context: Context.Context<R>) => Context.omit(TransactionConnection)(context) as Context.Context<R>)

/**
 * The outbox in SQL: `append` inserts into `events` in the current transaction, so the row
 * commits or rolls back with the change it describes. `sequence` follows commit order as far
 * as any reader can tell: an event committed later never gets a smaller number than one read.
 *
 * SQLite has one writer at a time (every write transaction takes the write lock first), so
 * the key, handed out at the insert, is already in commit order.
 *
 * On Postgres a number taken at the insert is not: a transaction could take 10, another 11
 * and commit first, and a reader that read 11 would skip 10 forever. Making appenders wait
 * for each other until they commit (an advisory lock in `append`) would fix it, but it queues
 * every command that appends behind the slowest one, doomed ones included: a hundred change
 * requests created at once in one space then ran out of retries (`test/storage/concurrency`).
 * So writers insert without a number, and readers number what is committed: `readAfter` first
 * gives the committed rows still without a `sequence` the next numbers, in insertion order,
 * in a short READ COMMITTED transaction of its own that holds an advisory lock, so that passes
 * run one after another and each sees the numbers the previous one gave. A row committed later
 * is numbered by a later pass, after every number a reader may have seen (rows committed
 * between two passes are numbered in the order they were written). Writers never wait,
 * and no serializable transaction reads or writes what a pass touches. The cost is on reads:
 * one indexed lookup for rows to number, and when there are some, a transaction of four
 * statements; concurrent readers wait for each other's pass. A reader inside a transaction
 * sees the numbers given before its snapshot was taken (its first statement), so readers read
 * outside commands; inside a serializable one, a read of `events` would also make appenders'
 * inserts conflict with it.
 */
export const makeSqlEvents = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  // Outside any transaction, check included: a transaction's first statement takes its snapshot,
  // which must come after the numbering for it to see the numbers.
  const numberCommitted: Effect.Effect<void, SqlError> = sql.onDialectOrElse({
    pg: () =>
      outsideTransaction(
        Effect.flatMap(read(sql`SELECT id FROM events WHERE sequence IS NULL LIMIT 1`), (pending) =>
          pending.length === 0
            ? Effect.void
            : sql.withTransaction(
                Effect.all(
                  [
                    sql`SET TRANSACTION ISOLATION LEVEL READ COMMITTED`,
                    sql`SELECT pg_advisory_xact_lock(${NUMBERING_LOCK})`,
                    // A statement of its own, so its snapshot is taken once the lock is held.
                    sql`UPDATE events SET sequence = numbered.sequence
                      FROM (
                        SELECT id, (SELECT COALESCE(MAX(sequence), 0) FROM events) + ROW_NUMBER() OVER (ORDER BY id) AS sequence
                        FROM events WHERE sequence IS NULL
                      ) AS numbered
                      WHERE events.id = numbered.id`
                  ],
                  { discard: true }
                )
              )
        )
      ),
    orElse: () => Effect.void
  })

  return Events.of({
    append: (event: NewEvent) =>
      sql`INSERT INTO events ${sql.insert({
        type: event.type,
        organizationId: event.organizationId,
        spaceId: event.spaceId,
        actor: event.actor,
        at: event.at,
        payload: JSON.stringify(event.payload)
      })}`.pipe(Effect.asVoid, Effect.orDie),
    readAfter: (after, limit) =>
      Effect.zipRight(
        numberCommitted,
        sql<EventRow>`SELECT sequence, type, organization_id, space_id, actor, at, payload FROM events
          WHERE sequence > ${Math.floor(after)} ORDER BY sequence LIMIT ${Math.max(0, Math.floor(limit))}`.pipe(read)
      ).pipe(
        Effect.map((rows) => rows.map(toEventRecord)),
        Effect.orDie
      )
  })
})

export const SqlEvents = { layer: Layer.effect(Events, makeSqlEvents) }
