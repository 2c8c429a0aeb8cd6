import { Etag, FileSystem, HttpApi, HttpPlatform, HttpServer, Path } from "@effect/platform"
import {
  DeleteEndedJobs,
  deleteEndedJobsHandler,
  GitRemoteLive,
  gitSyncJobHandlers,
  GuardedFetcherLive,
  type JobHandler,
  JobHandlers,
  JobRunner,
  type JobRunnerOptions,
  Jobs,
  markdownWorkers,
  openApiJobHandlers,
  PurgeExpiredSpaces,
  purgeExpiredSpacesHandler,
  QuireCore,
  recurringJob,
  Search,
  SsoReturnOrigins
} from "@quire/core"
import { HotReads, InputLimits, isolated, McpEndpoint, QuireHttpApi, serveQuireApi, SiteReaderEndpoint, withJsonClientErrors } from "@quire/http"
import { NodeServer } from "@quire/http/node"
import { Console, Effect, Layer } from "effect"
import { createServer } from "node:http"
import { withAccessLog } from "./accessLog.js"
import { bootstrapFirstUser } from "./bootstrap.js"
import { describeStorage, type OnMigrated } from "@quire/embed"
import { CannotListen } from "./failures/CannotListen.js"
import { openStorage } from "./openStorage.js"
import type { ServerConfig } from "./ServerConfig.js"

type Config = Effect.Effect.Success<typeof ServerConfig>

/** The jobs every server runs, beside what `ServerOptions.jobHandlers` adds. */
const jobHandlers = [purgeExpiredSpacesHandler, deleteEndedJobsHandler, ...gitSyncJobHandlers, ...openApiJobHandlers]

const HOUR_MS = 60 * 60 * 1000

/**
 * The job runner, and the hourly jobs: the purge of spaces whose restore window has passed, and
 * of jobs ended long ago. However many servers share the database, each hour has one of each.
 */
const backgroundJobs = (handlers: ReadonlyArray<JobHandler<CoreContext>>, runner: JobRunnerOptions) =>
  Layer.mergeAll(
    JobRunner.layer(runner).pipe(Layer.provide(JobHandlers.layer<CoreContext>([...jobHandlers, ...handlers]))),
    recurringJob(PurgeExpiredSpaces, {}, HOUR_MS),
    recurringJob(DeleteEndedJobs, {}, HOUR_MS)
  ).pipe(Layer.provide(Jobs.Default))

/** Indexes, in the background, the spaces whose search index is behind (after an upgrade). */
const SearchCatchUpJob = Layer.scopedDiscard(
  Effect.gen(function* () {
    const search = yield* Search
    const catchUp = search.catchUp.pipe(
      Effect.tap((n) => (n > 0 ? Effect.logInfo(`Indexed ${n} space(s) for search`) : Effect.void)),
      Effect.catchAllCause((cause) => Effect.logError("Indexing spaces for search failed", cause))
    )
    yield* Effect.forkScoped(catchUp)
  })
)

export interface ServerOptions {
  readonly onMigrated?: OnMigrated
  /** Job handlers to run beside the server's own (an embedder's kinds of job), over the core's services and storage. */
  readonly jobHandlers?: ReadonlyArray<JobHandler<CoreContext>>
  readonly jobRunner?: JobRunnerOptions
}

/** What the core's layer provides: the services and the storage ports, which job handlers may use. */
type CoreContext = Layer.Layer.Success<ReturnType<typeof coreLayer>>

const coreLayer = (config: Config, onMigrated: OnMigrated | undefined) =>
  QuireCore.layer({ publicUrl: config.publicUrl }).pipe(
    Layer.provideMerge(openStorage(config.storage, onMigrated)),
    // Documents are parsed in worker threads, so no page holds the event loop or a transaction.
    Layer.provide(markdownWorkers({ timeBudgetMs: config.markdownTimeBudgetMs, threads: config.markdownThreads })),
    // Git sync's remote sends its requests through the fetcher too.
    Layer.provideMerge(GitRemoteLive),
    // Every outbound request (content imports, Git sync) goes through it; `QUIRE_FETCH_ALLOW` widens it.
    Layer.provideMerge(GuardedFetcherLive),
    Layer.provide(Layer.succeed(SsoReturnOrigins, config.ssoReturnOrigins))
  )

/**
 * The whole server as one layer: HTTP on `config.port`, over the configured storage, which it
 * migrates first (`onMigrated`: see `storageLayer`). It fails with `DatabaseUnavailable` when
 * the storage cannot start, and with `CannotListen` when the port or address cannot be had.
 */
export const serverLayer = (config: Config, options: ServerOptions = {}) => {
  const core = coreLayer(config, options.onMigrated)
  const listening = NodeServer.layer(() => withJsonClientErrors(withAccessLog(createServer())), {
    port: config.port,
    host: config.host
  }).pipe(Layer.mapError((cause) => new CannotListen({ host: config.host, port: config.port, cause })))
  const announce = Layer.effectDiscard(
    Effect.gen(function* () {
      yield* bootstrapFirstUser(config.publicUrl)
      const address = yield* HttpServer.addressFormattedWith((a) => Effect.succeed(a))
      yield* Console.log(`Quire listening on ${address} (${describeStorage(config.storage)}), public URL ${config.publicUrl}`)
    })
  )
  return Layer.mergeAll(
    // Requests run among the HTTP services only, not all of Quire's (see `isolated`), on
    // `NodeServer`, which makes no per-request span: nothing exports traces.
    isolated(serveQuireApi(), [
      HttpServer.HttpServer,
      HttpApi.Api,
      HotReads,
      McpEndpoint,
      SiteReaderEndpoint,
      HttpPlatform.HttpPlatform,
      Etag.Generator,
      FileSystem.FileSystem,
      Path.Path
    ]),
    announce,
    backgroundJobs(options.jobHandlers ?? [], options.jobRunner ?? {}),
    SearchCatchUpJob
  ).pipe(
    Layer.provide(QuireHttpApi.pipe(Layer.provide(InputLimits.layer({ maxBodyBytes: config.maxBodyBytes })))),
    Layer.provide(listening),
    Layer.provide(core),
    Layer.provide(Layer.setTracerEnabled(false))
  )
}
