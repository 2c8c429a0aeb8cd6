import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { parseDatabaseUrl, storageLayer } from "@quire/embed"
import { type JobId, type JobRecord, JobRepository, Jobs, Storage } from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Exit, Layer, ManagedRuntime, Option, Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { RecordJob } from "./support/recordJob.js"
import { type RunningServer, startServer } from "./support/server.js"

const entry = resolve(import.meta.dirname, "support/jobsServer.ts")
const postgres = await postgresAvailable()

interface Row {
  readonly jobId: string
  readonly attempt: number
  readonly pid: number
}

/** A database of the backend's, made for the test and removed after. */
const backends = [
  {
    name: "SQLite",
    skip: false,
    database: async (scope: Scope.CloseableScope) => {
      const dir = mkdtempSync(join(tmpdir(), "quire-jobs-"))
      await Effect.runPromise(Scope.addFinalizer(scope, Effect.sync(() => rmSync(dir, { recursive: true, force: true }))))
      return `sqlite:${join(dir, "quire.db")}`
    }
  },
  {
    name: "Postgres",
    skip: !postgres,
    database: (scope: Scope.CloseableScope) => Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
  }
] as const

/** The test's own hands on the database: the queue (migrating it first), and a client for the handler's tables. */
const openDatabase = async (url: string) => {
  const choice = await Effect.runPromise(parseDatabaseUrl(url))
  const client =
    choice.kind === "postgres"
      ? PostgresStorage.client({ url: choice.url, maxConnections: 2 })
      : SqliteStorage.client({ filename: choice.kind === "sqlite" ? choice.filename : ":memory:" })
  const runtime = ManagedRuntime.make(Layer.mergeAll(Jobs.Default.pipe(Layer.provideMerge(storageLayer(choice))), client))
  const rows = (table: string) => (jobId?: JobId) =>
    runtime.runPromise(
      Effect.flatMap(SqlClient, (sql) =>
        jobId === undefined
          ? sql<Row>`SELECT job_id, attempt, pid FROM ${sql(table)} ORDER BY attempt, job_id`
          : sql<Row>`SELECT job_id, attempt, pid FROM ${sql(table)} WHERE job_id = ${jobId} ORDER BY attempt`
      ).pipe(Effect.map((found) => found.map((row) => ({ jobId: row.jobId, attempt: Number(row.attempt), pid: Number(row.pid) }))))
    )
  await runtime.runPromise(
    Effect.flatMap(SqlClient, (sql) =>
      Effect.all([
        sql`CREATE TABLE job_test_starts (job_id TEXT NOT NULL, attempt INTEGER NOT NULL, pid INTEGER NOT NULL)`,
        sql`CREATE TABLE job_test_completions (job_id TEXT NOT NULL, attempt INTEGER NOT NULL, pid INTEGER NOT NULL)`
      ])
    )
  )
  return {
    run: runtime.runPromise,
    job: (id: JobId) => runtime.runPromise(Effect.map(Effect.flatMap(JobRepository, (jobs) => jobs.get(id)), Option.getOrThrow)),
    starts: rows("job_test_starts"),
    completions: rows("job_test_completions"),
    dispose: () => runtime.dispose()
  }
}

/** Checks `done` every 100 ms until it holds; fails naming `what` after a minute rather than hang. */
const until = async (what: string, done: () => Promise<boolean>) => {
  const giveUp = Date.now() + 60_000
  while (!(await done())) {
    if (Date.now() > giveUp) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const serverEnv = (concurrency: number) => ({ JOB_LEASE_MS: "1500", JOB_POLL_MS: "100", JOB_CONCURRENCY: String(concurrency) })

describe.each(backends)("jobs on $name", (backend) => {
  const withDatabase = async (test: (url: string, database: Awaited<ReturnType<typeof openDatabase>>, servers: Array<RunningServer>) => Promise<void>) => {
    const scope = Effect.runSync(Scope.make())
    const servers: Array<RunningServer> = []
    const url = await backend.database(scope)
    const database = await openDatabase(url)
    try {
      await test(url, database, servers)
    } finally {
      await Promise.all(servers.map((server) => server.stop()))
      await database.dispose()
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  }

  it.skipIf(backend.skip)(
    "a server killed with kill -9 in the middle of a job: the job is retried and completes once",
    () =>
      withDatabase(async (url, database, servers) => {
        const job = await database.run(Jobs.use((jobs) => jobs.enqueue(RecordJob, { label: "slow", workMs: 3_000 })))
        const first = await startServer({ databaseUrl: url, entry, env: serverEnv(1) })
        servers.push(first)
        await until("the first attempt to start", async () => (await database.starts(job.id)).length === 1)
        process.kill(first.pid, "SIGKILL")
        await first.stop()

        const orphaned = await database.job(job.id)
        expect(orphaned).toMatchObject({ state: "running", attempts: 1 })
        expect(orphaned.claimedBy).toContain(`:${first.pid}:`)
        expect(await database.completions(job.id)).toStrictEqual([])

        const second = await startServer({ databaseUrl: url, entry, env: serverEnv(1) })
        servers.push(second)
        await until("the job to succeed", async () => (await database.job(job.id)).state === "succeeded")

        expect(await database.starts(job.id)).toStrictEqual([
          { jobId: job.id, attempt: 1, pid: first.pid },
          { jobId: job.id, attempt: 2, pid: second.pid }
        ])
        expect(await database.completions(job.id)).toStrictEqual([{ jobId: job.id, attempt: 2, pid: second.pid }])
        expect(await database.job(job.id)).toMatchObject({ state: "succeeded", attempts: 2, result: { pid: second.pid }, lastError: null })
      }),
    180_000
  )

  it.skipIf(backend.skip)(
    "two servers on one database share a queue of 100 jobs and run each exactly once",
    () =>
      withDatabase(async (url, database, servers) => {
        servers.push(
          ...(await Promise.all([
            startServer({ databaseUrl: url, entry, env: serverEnv(2) }),
            startServer({ databaseUrl: url, entry, env: serverEnv(2) })
          ]))
        )
        const enqueued: ReadonlyArray<JobRecord> = await database.run(
          Effect.flatMap(Storage, (storage) =>
            storage.transaction(
              Jobs.use((jobs) => Effect.forEach(Array.from({ length: 100 }, (_, i) => i), (i) => jobs.enqueue(RecordJob, { label: `job ${i}`, workMs: 30 })))
            )
          )
        )
        const ids = enqueued.map((job) => job.id).sort()
        const succeeded = () =>
          database.run(Effect.flatMap(JobRepository, (jobs) => jobs.list({ kind: RecordJob.name, state: "succeeded", limit: 1_000 })))
        await until("the 100 jobs to succeed", async () => (await succeeded()).length === 100)

        const completions = await database.completions()
        expect(completions.map((row) => row.jobId).sort()).toStrictEqual(ids)
        expect(completions.every((row) => row.attempt === 1)).toBe(true)
        expect((await database.starts()).map((row) => row.jobId).sort()).toStrictEqual(ids)
        expect(new Set(completions.map((row) => row.pid))).toStrictEqual(new Set(servers.map((server) => server.pid)))
        expect((await succeeded()).every((job) => job.attempts === 1)).toBe(true)
      }),
    180_000
  )
})
