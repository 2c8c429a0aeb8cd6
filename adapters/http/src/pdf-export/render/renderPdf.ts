import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"
import { Effect } from "effect"
import type { Block } from "./blocks.js"

/** PDFs written at once by a process; more wait their turn. */
const CONCURRENT_RENDERS = 2

/** The heap a PDF's worker may grow to (MB): a runaway export fails alone, the server stays up. */
const WORKER_HEAP_MB = 512

const writers = Effect.unsafeMakeSemaphore(CONCURRENT_RENDERS)

/**
 * The worker's module, beside this one: built, `pdfWorker.js`; from source (tests, `tsx`),
 * `pdfWorker.ts`, imported through tsx's API (a worker inherits no loader, and Node 20 takes
 * no `--import` in a worker's `execArgv`).
 */
const fromSource = import.meta.url.endsWith(".ts")
const workerModule = new URL(fromSource ? "./pdfWorker.ts" : "./pdfWorker.js", import.meta.url)
const spawnWorker = (): Worker => {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }
  if (!fromSource) return new Worker(workerModule, options)
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href
  const load = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(workerModule.href)}, ${JSON.stringify(import.meta.url)}))`
  return new Worker(load, { ...options, eval: true })
}

type Answer = { readonly bytes: Uint8Array } | { readonly error: string }

/** One PDF written by a worker thread of its own, ended (terminated) when the fiber is interrupted. */
const inWorker = (title: string, content: ReadonlyArray<Block>) =>
  Effect.async<Uint8Array>((resume) => {
    const worker = spawnWorker()
    let settled = false
    const settle = (effect: Effect.Effect<Uint8Array>) => {
      if (settled) return
      settled = true
      resume(effect)
      void worker.terminate()
    }
    worker.once("message", (answer: Answer) =>
      settle("bytes" in answer ? Effect.succeed(answer.bytes) : Effect.dieMessage(`the PDF could not be written: ${answer.error}`))
    )
    worker.once("error", (error) => settle(Effect.die(error)))
    worker.once("exit", (code) => settle(Effect.dieMessage(`the PDF's worker stopped (exit code ${code})`)))
    worker.postMessage({ title, blocks: content })
    return Effect.sync(() => {
      settled = true
      void worker.terminate()
    })
  })

/**
 * The PDF of `content` (A4, PDF's standard fonts: Helvetica, and Courier for code), as bytes,
 * written in a worker thread (pdfkit writes synchronously, and decodes images), so no export
 * holds up the server's other requests; at most `CONCURRENT_RENDERS` at once. The worker
 * ends when its request goes away.
 */
export const renderPdf = (title: string, content: ReadonlyArray<Block>): Effect.Effect<Uint8Array> =>
  writers.withPermits(1)(inWorker(title, content))
