import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * The job queue (`JobRepository`): one row per job. Payload and result are JSON as text (a JSON
 * column would have its keys renamed by the client's name transforms). `dedupe_key` is unique
 * where set (NULLs never collide, in both dialects), which makes a second enqueue of a key a
 * no-op (`ON CONFLICT DO NOTHING`) whoever races it. Claims look for queued jobs by `run_after`
 * and for running ones by `claimed_until` (a passed lease), each through a partial index; lists
 * read one kind's jobs newest first. No foreign keys: a job outlives what it was for.
 */
export const jobs = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE jobs (
    id ${text} PRIMARY KEY,
    kind ${text} NOT NULL,
    payload ${text} NOT NULL,
    state ${text} NOT NULL,
    attempts INTEGER NOT NULL,
    max_attempts INTEGER NOT NULL,
    run_after ${text} NOT NULL,
    claimed_by ${text},
    claimed_until ${text},
    last_error ${text},
    result ${text},
    dedupe_key ${text} UNIQUE,
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
  yield* sql`CREATE INDEX jobs_queued ON jobs (run_after) WHERE state = 'queued'`
  yield* sql`CREATE INDEX jobs_running ON jobs (claimed_until) WHERE state = 'running'`
  yield* sql`CREATE INDEX jobs_by_kind ON jobs (kind, created_at)`
})
