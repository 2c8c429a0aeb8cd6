import { Context, Data, Effect } from "effect"
import type { ParsedDocument } from "../parseDocument.js"
import type { ResolvedLink } from "../resolveLinks.js"
import { documentChunks } from "./documentChunks.js"
import { type MarkdownTask, type MarkdownTaskResult, type MarkdownTaskValues, runMarkdownTask } from "./markdownTasks.js"
import type { ResolvableReferenceKey } from "./referenceKey.js"

/** A document Quire will not take, and why (a sentence about "the markdown", for an `InvalidInput`). */
export class MarkdownRefused extends Data.TaggedError("MarkdownRefused")<{ readonly message: string }> {}

/** Runs a markdown task somewhere: in process, or in a worker thread with a time budget. */
export type MarkdownTaskRunner = <T extends MarkdownTask>(task: T) => Effect.Effect<MarkdownTaskResult<MarkdownTaskValues[T["op"]]>>

export interface MarkdownWorkService {
  /** Checks a page's markdown against the limits and parses it. */
  readonly prepare: (markdown: string) => Effect.Effect<ParsedDocument, MarkdownRefused>
  /**
   * `prepare` of each text, answered in order, a refusal as a value: for many documents at once
   * (an import), read in chunks (`documentChunks`), each one step. A chunk whose step fails (past
   * the time budget) is read again a document at a time, so a document is refused only for what
   * it does alone.
   */
  readonly prepareEach: (markdowns: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ParsedDocument | MarkdownRefused>>
  /** The destinations of a body's links, images and definitions, as written. */
  readonly links: (markdown: string) => Effect.Effect<ReadonlyArray<string>, MarkdownRefused>
  /** The body with its resolvable references rewritten as `targets` says (see `resolveLinks`). */
  readonly rewriteLinks: (
    markdown: string,
    documentPath: string,
    targets: ReadonlyArray<readonly [ResolvableReferenceKey, ResolvedLink | undefined]>
  ) => Effect.Effect<string, MarkdownRefused>
}

const unwrap = <A>(result: MarkdownTaskResult<A>) =>
  result.ok ? Effect.succeed(result.value) : Effect.fail(new MarkdownRefused({ message: result.message }))

const refusedOr = <A>(result: MarkdownTaskResult<A>) => (result.ok ? result.value : new MarkdownRefused({ message: result.message }))

/** The service over a task runner that runs up to `parallelism` tasks at once. */
export const markdownWorkWith = (run: MarkdownTaskRunner, parallelism = 1): MarkdownWorkService => {
  const prepare = (markdown: string) => Effect.flatMap(run({ op: "prepare", markdown }), unwrap)
  const prepareChunk = (markdowns: ReadonlyArray<string>) =>
    Effect.flatMap(run({ op: "prepareEach", markdowns }), (result) =>
      result.ok
        ? Effect.succeed(result.value.map(refusedOr))
        : Effect.forEach(markdowns, (markdown) => Effect.merge(prepare(markdown)))
    )
  return {
    prepare,
    prepareEach: (markdowns) =>
      Effect.map(Effect.forEach(documentChunks(markdowns), prepareChunk, { concurrency: parallelism }), (chunks) => chunks.flat()),
    links: (markdown) => Effect.flatMap(run({ op: "links", markdown }), unwrap),
    rewriteLinks: (markdown, documentPath, targets) => Effect.flatMap(run({ op: "rewrite", markdown, documentPath, targets }), unwrap)
  }
}

/** In process, on the caller's thread: for embedders and tests. */
export const inProcessMarkdownWork: MarkdownWorkService = markdownWorkWith((task) => Effect.sync(() => runMarkdownTask(task)))

/**
 * Where the document work of a write runs. In process by default; the server provides
 * `markdownWorkers` (worker threads), so a slow document holds neither the event loop nor,
 * since a batch's documents are read before its transaction opens, the storage's write lock.
 */
export class MarkdownWork extends Context.Reference<MarkdownWork>()("@quire/core/MarkdownWork", {
  defaultValue: () => inProcessMarkdownWork
}) {}
