import { parentPort } from "node:worker_threads"
import type { Block } from "./blocks.js"
import { writePdf } from "./writePdf.js"

/**
 * A worker thread that writes one PDF (see `renderPdf`): it gets `{ title, blocks }`, answers
 * `{ bytes }` (transferred) or `{ error }`, and ends.
 */
parentPort?.once("message", (message: { readonly title: string; readonly blocks: ReadonlyArray<Block> }) => {
  writePdf(message.title, message.blocks).then(
    (bytes) => parentPort?.postMessage({ bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  )
})
