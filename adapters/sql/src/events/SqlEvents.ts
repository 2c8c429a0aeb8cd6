import { SqlClient } from "@effect/sql/SqlClient"
import {
  type EventRecord,
  Events,
  type EventType,
  type NewEvent,
  type OrganizationId,
  type SpaceId,
  type UserId
} from "@quire/core"
import { Effect, Layer } from "effect"
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
  // A BIGINT, which the Postgres driver returns as a string.
  sequence: Number(row.sequence),
  type: row.type as EventType,
  organizationId: row.organizationId as OrganizationId,
  spaceId: row.spaceId as SpaceId | null,
  actor: row.actor as UserId | null,
  at: row.at,
  payload: JSON.parse(row.payload)
})

/** Any constant: it names the advisory lock that puts appends on Postgres in commit order. */
const APPEND_LOCK = 5_274_102_386

/**
 * The outbox in SQL: `append` inserts into `events` in the current transaction, so the row
 * commits or rolls back with the change it describes.
 *
 * `sequence` follows commit order. SQLite has one writer at a time (every write transaction
 * takes the write lock first), so numbers are handed out in commit order. On Postgres an
 * identity value is taken at the insert, not at the commit: with no more than that, a
 * transaction could take 10, another 11 and commit first, and a reader that read 11 would then
 * skip 10 forever. So `append` first takes a transaction-level advisory lock, held until the
 * transaction commits or rolls back (and released only after its rows are visible): the next
 * appender waits for it, and takes a greater number only once the previous appender's rows are
 * there for every reader.
 *
 * The cost: from its `append` to its end, a transaction keeps every other appender waiting,
 * so services append last, after their other writes, and the lock is held for about the
 * commit. A waiting transaction keeps its snapshot and goes on once the lock is free: the lock
 * makes no serialization failure of its own (the insert reads nothing other transactions
 * write; identity values are not transactional), though a transaction that waits is open
 * longer, as a slower statement would make it. A deadlock needs a transaction holding the lock
 * to wait for a row another appender holds, which appending last rules out; Postgres would
 * find one after `deadlock_timeout` (1 s), and `SqlStorage` would run the command again.
 */
export const makeSqlEvents = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  /**
   * One statement, so one round trip, atomic outside a transaction too. On Postgres the lock is
   * taken in a CTE: the row it yields is the one the INSERT projects, so the identity value (a
   * default, computed in that projection) is taken after the lock; a CTE with a volatile
   * function is never inlined.
   */
  const insert = (event: NewEvent) => {
    const payload = JSON.stringify(event.payload)
    return sql.onDialectOrElse({
      pg: () => sql`WITH locked AS (SELECT pg_advisory_xact_lock(${APPEND_LOCK}))
        INSERT INTO events (type, organization_id, space_id, actor, at, payload)
        SELECT ${event.type}, ${event.organizationId}, ${event.spaceId}, ${event.actor}, ${event.at}, ${payload} FROM locked`,
      orElse: () => sql`INSERT INTO events ${sql.insert({
        type: event.type,
        organizationId: event.organizationId,
        spaceId: event.spaceId,
        actor: event.actor,
        at: event.at,
        payload
      })}`
    })
  }

  return Events.of({
    append: (event) => insert(event).pipe(Effect.asVoid, Effect.orDie),
    readAfter: (after, limit) =>
      sql<EventRow>`SELECT sequence, type, organization_id, space_id, actor, at, payload FROM events
        WHERE sequence > ${Math.floor(after)} ORDER BY sequence LIMIT ${Math.max(0, Math.floor(limit))}`.pipe(
        read,
        Effect.map((rows) => rows.map(toEventRecord)),
        Effect.orDie
      )
  })
})

export const SqlEvents = { layer: Layer.effect(Events, makeSqlEvents) }
