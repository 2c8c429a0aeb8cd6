import { Effect, Either, Option } from "effect"
import { jobHandler } from "../jobs/JobHandlers.js"
import { unrestricted } from "../policy/Authorized.js"
import { emptyAllowList } from "../outbound/allowList.js"
import { Fetcher } from "../outbound/Fetcher.js"
import { makeGuardedFetcher } from "../outbound/GuardedFetcher.js"
import { makeId, type OpenApiSpecId, type OpenApiSpecVersionId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Events } from "../storage/events/Events.js"
import type { JobJson, JobRecord } from "../storage/jobs/JobRecord.js"
import type { OpenApiSpecRecord } from "../storage/openapi/OpenApiSpecRecord.js"
import { OpenApiSpecRepository } from "../storage/openapi/OpenApiSpecRepository.js"
import { Storage } from "../storage/Storage.js"
import { OPENAPI_ERROR_MESSAGE_MAX, OPENAPI_ERRORS_KEPT } from "./inputs.js"
import { OpenApiProcessJob } from "./OpenApiJobs.js"
import { type ProcessFailure, type ReadDocument, readDocument } from "./readDocument.js"

const WHY = "a processing job works for the spec whose write enqueued it, authorized then"

/** The spec, if this job is still the one to process it (a newer source enqueued another; a deleted spec has none). */
const ownSpec = (specId: OpenApiSpecId, job: JobRecord) =>
  Effect.map(
    Effect.flatMap(OpenApiSpecRepository, (specs) => specs.findSpec(specId)),
    Option.filter((spec: OpenApiSpecRecord) => spec.processingJobId === job.id)
  )

/** What the outcome writes: a version only when the content differs from the latest one's. */
const finish = (spec: OpenApiSpecRecord, outcome: Either.Either<ReadDocument, ProcessFailure>) =>
  Effect.gen(function* () {
    const specs = yield* OpenApiSpecRepository
    const at = yield* now
    if (Either.isLeft(outcome)) {
      const failure = outcome.left
      yield* specs.updateSpec({
        ...spec,
        processingState: "complete",
        processingJobId: null,
        lastProcessedAt: at,
        lastProcessErrorCode: failure.code,
        lastProcessedErrors: failure.errors
          .slice(0, OPENAPI_ERRORS_KEPT)
          .map((error) => ({ ...error, message: error.message.slice(0, OPENAPI_ERROR_MESSAGE_MAX) })),
        lastProcessedErrorCount: failure.errors.length,
        updatedAt: at
      })
      return { failed: failure.code } as JobJson
    }
    const document = outcome.right
    const latest = spec.lastVersionId === null ? Option.none() : yield* specs.findVersion(spec.id, spec.lastVersionId)
    const unchanged = Option.isSome(latest) && latest.value.contentHash === document.contentHash
    let lastVersionId = spec.lastVersionId
    if (!unchanged) {
      lastVersionId = yield* makeId<OpenApiSpecVersionId>()
      yield* specs.insertVersion({
        id: lastVersionId,
        specId: spec.id,
        contentHash: document.contentHash,
        sourceUrl: spec.source.kind === "url" ? spec.source.url : null,
        raw: document.raw,
        format: document.format,
        filesystem: JSON.stringify(document.filesystem),
        createdAt: at
      })
    }
    yield* specs.updateSpec({
      ...spec,
      processingState: "complete",
      processingJobId: null,
      lastVersionId,
      lastProcessedAt: at,
      lastProcessErrorCode: null,
      lastProcessedErrors: [],
      lastProcessedErrorCount: 0,
      updatedAt: at
    })
    yield* (yield* Events).append({
      type: "openapi_spec.processed",
      organizationId: spec.organizationId,
      spaceId: null,
      actor: null,
      at,
      payload: { spec: spec.id, slug: spec.slug, version: lastVersionId, newVersion: !unchanged }
    })
    return { version: lastVersionId, unchanged } as JobJson
  })

/**
 * Processes a spec: `progress` in one transaction, then the document read outside any (fetches
 * through the `Fetcher`, parse, `$ref`s, validation), then the outcome in another: a new
 * version when the content changed and `complete`, or the failure's code with the last good
 * version kept. A fetch that timed out or could not connect is tried again (the spec stays in
 * `progress`) until the last attempt, which records it. Safe to repeat: a job no longer the
 * spec's writes nothing, and the same content makes no second version.
 */
export const openApiProcessHandler = jobHandler(OpenApiProcessJob, (payload, job) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const specId = payload.specId as OpenApiSpecId
    const started = yield* storage.transaction(
      unrestricted(
        WHY,
        Effect.gen(function* () {
          const own = yield* ownSpec(specId, job)
          if (Option.isNone(own)) return own
          const spec: OpenApiSpecRecord = { ...own.value, processingState: "progress", updatedAt: yield* now }
          yield* (yield* OpenApiSpecRepository).updateSpec(spec)
          return Option.some(spec)
        })
      )
    )
    if (Option.isNone(started)) return { superseded: true } as JobJson
    const fetcher = Option.getOrElse(yield* Effect.serviceOption(Fetcher), () => makeGuardedFetcher({ allow: emptyAllowList }))
    const outcome = yield* Effect.either(Effect.provideService(readDocument(started.value.source), Fetcher, fetcher))
    if (Either.isLeft(outcome) && outcome.left.passing && job.attempts < job.maxAttempts) {
      return yield* Effect.fail(outcome.left)
    }
    return yield* storage.transaction(
      unrestricted(
        WHY,
        Effect.gen(function* () {
          const own = yield* ownSpec(specId, job)
          if (Option.isNone(own)) return { superseded: true } as JobJson
          return yield* finish(own.value, outcome)
        })
      )
    )
  })
)
