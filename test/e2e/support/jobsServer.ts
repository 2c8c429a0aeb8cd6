/**
 * `quire serve` with one more kind of job, `test.record`, for the job tests: a real handler,
 * registered here, never in the product. It writes a row to `job_test_starts` when an attempt
 * begins, works for `workMs`, then writes a row to `job_test_completions` (tables the test makes
 * beforehand), through a client of its own on the server's database. `JOB_LEASE_MS`,
 * `JOB_POLL_MS` and `JOB_CONCURRENCY` set the runner's options.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { SqlClient } from "@effect/sql/SqlClient"
import { jobHandler } from "@quire/core"
import { ExportLinks, RateLimits } from "@quire/http"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Config, Context, Effect, Layer, Logger, LogLevel } from "effect"
import { RateLimitConfig } from "../../../packages/cli/src/RateLimitConfig.js"
import { serverLayer } from "../../../packages/cli/src/serve.js"
import { ServerConfig } from "../../../packages/cli/src/ServerConfig.js"
import { SigningConfig } from "../../../packages/cli/src/SigningConfig.js"
import { RecordJob } from "./recordJob.js"


const program = Effect.gen(function* () {
  const config = yield* ServerConfig
  const client = yield* Layer.build(
    config.storage.kind === "postgres"
      ? PostgresStorage.client({ url: config.storage.url, maxConnections: 2 })
      : config.storage.kind === "sqlite"
        ? SqliteStorage.client({ filename: config.storage.filename })
        : Layer.die("the job tests run on SQLite or Postgres")
  )
  const sql = Context.get(client, SqlClient)
  const record = jobHandler(RecordJob, ({ workMs }, job) =>
    Effect.gen(function* () {
      const row = { jobId: job.id, attempt: job.attempts, pid: process.pid }
      yield* sql`INSERT INTO job_test_starts ${sql.insert(row)}`
      yield* Effect.sleep(workMs)
      yield* sql`INSERT INTO job_test_completions ${sql.insert(row)}`
      return { pid: process.pid }
    })
  )
  const runner = {
    leaseMs: yield* Config.integer("JOB_LEASE_MS").pipe(Config.withDefault(60_000)),
    pollIntervalMs: yield* Config.integer("JOB_POLL_MS").pipe(Config.withDefault(1_000)),
    concurrency: yield* Config.integer("JOB_CONCURRENCY").pipe(Config.withDefault(1))
  }
  yield* Layer.launch(
    serverLayer(config, { jobHandlers: [record], jobRunner: runner }).pipe(
      Layer.provide(RateLimits.layer(yield* RateLimitConfig)),
      Layer.provide(ExportLinks.layer(yield* SigningConfig))
    )
  )
})

NodeRuntime.runMain(
  program.pipe(
    Effect.scoped,
    Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
    Logger.withMinimumLogLevel(LogLevel.Info)
  ),
  { disableErrorReporting: false }
)
