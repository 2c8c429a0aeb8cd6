import { SqlClient } from "@effect/sql/SqlClient"
import { type ClaimRequest, type JobClaim, type JobId, type JobJson, type JobRecord, JobRepository, type JobState } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { SqlReader } from "../shared/SqlReader.js"

interface JobRow {
  readonly id: string
  readonly kind: string
  readonly payload: string
  readonly state: string
  readonly attempts: number
  readonly maxAttempts: number
  readonly runAfter: string
  readonly claimedBy: string | null
  readonly claimedUntil: string | null
  readonly lastError: string | null
  readonly result: string | null
  readonly dedupeKey: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

const toJobRecord = (row: JobRow): JobRecord => ({
  id: row.id as JobId,
  kind: row.kind,
  payload: JSON.parse(row.payload) as JobJson,
  state: row.state as JobState,
  attempts: Number(row.attempts),
  maxAttempts: Number(row.maxAttempts),
  runAfter: row.runAfter,
  claimedBy: row.claimedBy,
  claimedUntil: row.claimedUntil,
  lastError: row.lastError,
  result: row.result === null ? null : (JSON.parse(row.result) as JobJson),
  dedupeKey: row.dedupeKey,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

const COLUMNS =
  "id, kind, payload, state, attempts, max_attempts, run_after, claimed_by, claimed_until, last_error, result, dedupe_key, created_at, updated_at"

/**
 * The queue in SQL. Each worker step is one statement, outside transactions. A claim is an
 * `UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING`: on SQLite the statement holds the write
 * lock, so two workers (processes on one file included) never take one job; on Postgres the
 * inner select takes the row with `FOR UPDATE SKIP LOCKED`, so concurrent claims each lock a
 * different due job instead of queueing behind one row, and the row's lock lasts until the
 * statement has made it `running` (READ COMMITTED, so a row another claim just took is
 * re-checked and skipped). Every later write names the claim (worker and attempt) in its WHERE.
 */
export const makeSqlJobRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const columns = sql.literal(COLUMNS)
  const skipLocked = sql.onDialectOrElse({ pg: () => sql.literal("FOR UPDATE SKIP LOCKED"), orElse: () => sql.literal("") })

  const held = (claim: JobClaim) =>
    sql`id = ${claim.id} AND state = 'running' AND claimed_by = ${claim.claimedBy} AND attempts = ${claim.attempt}`

  const due = (request: ClaimRequest) =>
    sql`kind IN ${sql.in(request.kinds)}
      AND ((state = 'queued' AND run_after <= ${request.now}) OR (state = 'running' AND claimed_until < ${request.now}))`

  const changed = (statement: Effect.Effect<ReadonlyArray<unknown>, unknown>) =>
    statement.pipe(
      Effect.map((rows) => rows.length > 0),
      Effect.orDie
    )

  const byId = (id: string) =>
    read(sql<JobRow>`SELECT ${columns} FROM jobs WHERE id = ${id}`).pipe(Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toJobRecord)))

  return JobRepository.of({
    enqueue: (job) =>
      Effect.gen(function* () {
        const inserted = yield* sql<JobRow>`INSERT INTO jobs ${sql.insert({
          id: job.id,
          kind: job.kind,
          payload: JSON.stringify(job.payload),
          state: "queued",
          attempts: 0,
          maxAttempts: job.maxAttempts,
          runAfter: job.runAfter,
          claimedBy: null,
          claimedUntil: null,
          lastError: null,
          result: null,
          dedupeKey: job.dedupeKey,
          createdAt: job.createdAt,
          updatedAt: job.createdAt
        })} ON CONFLICT (dedupe_key) DO NOTHING RETURNING ${columns}`
        if (inserted[0] !== undefined) return toJobRecord(inserted[0])
        const existing = yield* read(sql<JobRow>`SELECT ${columns} FROM jobs WHERE dedupe_key = ${job.dedupeKey}`)
        return toJobRecord(existing[0]!)
      }).pipe(Effect.orDie),
    // A read first, on the reader (SQLite's read-only connection, Postgres's pool): an idle
    // worker's poll then writes nothing and takes no lock.
    claim: (request) =>
      request.kinds.length === 0
        ? Effect.succeed(Option.none())
        : read(sql<{ id: string }>`SELECT id FROM jobs WHERE ${due(request)} LIMIT 1`).pipe(
            Effect.flatMap((found) =>
              found.length === 0
                ? Effect.succeed<ReadonlyArray<JobRow>>([])
                : sql<JobRow>`UPDATE jobs SET state = 'running', attempts = attempts + 1, claimed_by = ${request.claimedBy},
                    claimed_until = ${request.leaseUntil}, updated_at = ${request.now}
                  WHERE id = (SELECT id FROM jobs WHERE ${due(request)} ORDER BY run_after, id LIMIT 1 ${skipLocked})
                  RETURNING ${columns}`
            ),
            Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toJobRecord)),
            Effect.orDie
          ),
    renew: (claim, leaseUntil, now) =>
      changed(sql`UPDATE jobs SET claimed_until = ${leaseUntil}, updated_at = ${now} WHERE ${held(claim)} RETURNING id`),
    complete: (claim, result, now) =>
      changed(
        sql`UPDATE jobs SET state = 'succeeded', result = ${result === null ? null : JSON.stringify(result)},
          claimed_until = NULL, updated_at = ${now}
          WHERE ${held(claim)} RETURNING id`
      ),
    fail: (claim, error, retryAt, now) =>
      changed(
        retryAt === null
          ? sql`UPDATE jobs SET state = 'failed', last_error = ${error}, claimed_until = NULL, updated_at = ${now}
              WHERE ${held(claim)} RETURNING id`
          : sql`UPDATE jobs SET state = 'queued', last_error = ${error}, run_after = ${retryAt}, claimed_until = NULL,
              updated_at = ${now} WHERE ${held(claim)} RETURNING id`
      ),
    release: (claim, now) =>
      changed(
        sql`UPDATE jobs SET state = 'queued', attempts = attempts - 1, run_after = ${now}, claimed_until = NULL,
          updated_at = ${now} WHERE ${held(claim)} RETURNING id`
      ),
    get: (id) => byId(id).pipe(Effect.orDie),
    list: ({ kind, limit, state }) =>
      read(
        sql<JobRow>`SELECT ${columns} FROM jobs
          WHERE kind = ${kind} ${state === undefined ? sql.literal("") : sql`AND state = ${state}`}
          ORDER BY created_at DESC, id DESC LIMIT ${Math.max(0, Math.floor(limit))}`
      ).pipe(
        Effect.map((rows) => rows.map(toJobRecord)),
        Effect.orDie
      ),
    deleteEndedBefore: (before) =>
      sql`DELETE FROM jobs WHERE state IN ('succeeded', 'failed') AND updated_at < ${before} RETURNING id`.pipe(
        Effect.map((rows) => rows.length),
        Effect.orDie
      )
  })
})

export const SqlJobRepository = { layer: Layer.effect(JobRepository, makeSqlJobRepository) }
