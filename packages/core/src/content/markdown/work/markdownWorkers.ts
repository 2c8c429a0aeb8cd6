import { Effect, Layer } from "effect"
import { Piscina } from "piscina"
import { DOCUMENT_TIME_BUDGET_MS } from "../limits.js"
import { MarkdownWork, type MarkdownTaskRunner, markdownWorkWith } from "./MarkdownWork.js"
import type { MarkdownTaskResult } from "./markdownTasks.js"

export interface MarkdownWorkersOptions {
  /** Worker threads (default 1: the server's other work keeps the rest of the machine). */
  readonly threads?: number
  /** The longest one task may take (default `DOCUMENT_TIME_BUDGET_MS`). */
  readonly timeBudgetMs?: number
}

/**
 * The worker's module beside this one: `.ts` when Quire runs from its sources (tsx, vitest),
 * where the thread needs tsx's loader; `.js` once built.
 */
const workerModule = () => {
  const fromSources = import.meta.url.endsWith(".ts")
  return {
    filename: new URL(`./markdownWorker.${fromSources ? "ts" : "js"}`, import.meta.url).href,
    execArgv: fromSources ? ["--import", "tsx"] : []
  }
}

const tooSlow = (budgetMs: number): MarkdownTaskResult<never> => ({
  ok: false,
  message: `took longer than ${budgetMs / 1000} s to read; split the page into smaller pages`
})

/**
 * `MarkdownWork` on a pool of worker threads (piscina): parsing holds neither the event loop
 * nor, for a batch's documents, the storage transaction. A task past its time budget is
 * aborted, which terminates its thread (piscina starts another), and the document refused (a
 * chunk of documents, `prepareEach`, is read again a document at a time).
 * The pool closes with the layer's scope.
 */
export const markdownWorkers = (options: MarkdownWorkersOptions = {}) =>
  Layer.scoped(
    MarkdownWork,
    Effect.gen(function* () {
      const threads = options.threads ?? 1
      const budgetMs = options.timeBudgetMs ?? DOCUMENT_TIME_BUDGET_MS
      const pool = yield* Effect.acquireRelease(
        Effect.sync(() => new Piscina({ ...workerModule(), minThreads: threads, maxThreads: threads, idleTimeout: Number.POSITIVE_INFINITY })),
        (pool) => Effect.promise(() => pool.destroy())
      )
      // Tasks wait here for a free thread, not in piscina's queue, so the budget counts only running time.
      const free = yield* Effect.makeSemaphore(threads)
      const attempt = (task: unknown) => Effect.tryPromise((signal) => pool.run(task, { signal }) as Promise<MarkdownTaskResult<never>>)
      // A thread starts slowly (it loads the parser): one is made ready before its first task counts.
      const warm = Effect.ignore(attempt({ op: "links", markdown: "" }))
      yield* free.take(threads)
      const warmAll = Effect.all(Array.from({ length: threads }, () => warm), { concurrency: "unbounded" })
      yield* Effect.forkScoped(Effect.ensuring(warmAll, free.release(threads)))
      const run: MarkdownTaskRunner = (task) =>
        free.withPermits(1)(
          attempt(task).pipe(
            Effect.timeoutTo({
              duration: budgetMs,
              onSuccess: (result) => Effect.succeed(result),
              // The abort ended the thread: the next task gets a ready one.
              onTimeout: () => Effect.as(warm, tooSlow(budgetMs))
            }),
            Effect.flatten,
            // A thread that dies (out of memory, say) refuses the document; piscina starts another.
            Effect.catchAll((failure) => Effect.succeed({ ok: false, message: `could not be read (${String(failure.error)})` } as const))
          )
        )
      return markdownWorkWith(run, threads)
    })
  )
