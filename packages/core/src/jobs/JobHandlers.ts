import { Context, Data, Effect, Layer, Option, ParseResult, Schema } from "effect"
import type { JobJson, JobRecord } from "../storage/jobs/JobRecord.js"
import type { JobKind } from "./JobKind.js"

/**
 * A failure that another attempt cannot fix (a payload this version cannot read, a URL that is
 * not a repository): the job fails at once, whatever attempts it has left.
 */
export class PermanentJobFailure extends Data.TaggedError("PermanentJobFailure")<{ readonly message: string }> {}

/**
 * What runs a kind of job. It may run again after a crash (the queue is at-least-once: a worker
 * killed mid-job leaves it to another once its lease passes), so it must be safe to repeat:
 * write in storage transactions, and find what a previous attempt already did.
 */
export interface JobHandler<R> {
  readonly kind: string
  readonly run: (payload: JobJson, job: JobRecord) => Effect.Effect<JobJson | null, unknown, R>
  /**
   * What to record when the runner fails the job for good without running it (its worker died
   * during the last attempt): what `run` would have recorded on a failure, with `message`.
   */
  readonly abandoned?: ((payload: JobJson, job: JobRecord, message: string) => Effect.Effect<void, unknown, R>) | undefined
}

/** The handler of `kind`: decodes the payload with its schema, then runs `run`, whose answer is the job's result. */
export const jobHandler = <A, I extends JobJson, E, R>(
  kind: JobKind<A, I>,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler with no result ends in an Effect<void>
  run: (payload: A, job: JobRecord) => Effect.Effect<JobJson | void, E, R>,
  abandoned?: (payload: A, job: JobRecord, message: string) => Effect.Effect<void, unknown, R>
): JobHandler<R> => ({
  kind: kind.name,
  abandoned:
    abandoned === undefined
      ? undefined
      : (payload, job, message) =>
          Effect.flatMap(Effect.option(Schema.decodeUnknown(kind.payload)(payload)), (decoded) =>
            Option.isSome(decoded) ? abandoned(decoded.value, job, message) : Effect.void
          ),
  run: (payload, job) =>
    Schema.decodeUnknown(kind.payload)(payload).pipe(
      Effect.mapError(
        (error) =>
          new PermanentJobFailure({
            message: `unreadable ${kind.name} payload: ${ParseResult.TreeFormatter.formatErrorSync(error)}`
          })
      ),
      Effect.flatMap((decoded) => run(decoded, job)),
      Effect.map((result) => (result === undefined ? null : result))
    )
})

type Runner = (payload: JobJson, job: JobRecord) => Effect.Effect<JobJson | null, unknown>
type Abandoned = (payload: JobJson, job: JobRecord, message: string) => Effect.Effect<void, unknown>

/** The handlers a runner runs, by kind, with what they need already provided. */
export class JobHandlers extends Context.Tag("@quire/core/JobHandlers")<
  JobHandlers,
  { readonly byKind: ReadonlyMap<string, Runner>; readonly abandonedByKind: ReadonlyMap<string, Abandoned> }
>() {
  /** The registry of `handlers`, over the context they need. Two handlers of one kind are a defect. */
  static readonly layer = <R>(handlers: ReadonlyArray<JobHandler<R>>): Layer.Layer<JobHandlers, never, R> =>
    Layer.effect(
      JobHandlers,
      Effect.map(Effect.context<R>(), (context) => {
        const byKind = new Map<string, Runner>()
        const abandonedByKind = new Map<string, Abandoned>()
        for (const handler of handlers) {
          if (byKind.has(handler.kind)) throw new Error(`two job handlers of kind ${handler.kind}`)
          byKind.set(handler.kind, (payload, job) => Effect.provide(handler.run(payload, job), context))
          const abandoned = handler.abandoned
          if (abandoned !== undefined) {
            abandonedByKind.set(handler.kind, (payload, job, message) => Effect.provide(abandoned(payload, job, message), context))
          }
        }
        return { byKind, abandonedByKind }
      })
    )
}
