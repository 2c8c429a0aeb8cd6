/**
 * `tsx test/bench/micro/parseCost.ts`: the markdown work of the import bench's 2,000 pages
 * (`MICRO_PAGES`), `MICRO_ROUNDS` (3) rounds: `prepare` of each page's body (what
 * `importPages` does with `markdown`: engineS's parse) and `readLayout` of the layout's files
 * (what a zip or Git import parses: frontmatter, title heading, body, and `SUMMARY.md`), with the
 * markdown work in process or, with `MICRO_MARKDOWN=worker`, on one worker thread as the server
 * runs it. Wall seconds and the process's CPU seconds (all its threads: V8's compiler threads
 * and the worker's). Run it pinned to one core (`taskset -c 1`) to see the server's case. The
 * corpus is made first (which parses every page): these are warm figures after round 1.
 */
import { MarkdownWork, markdownWorkers, readLayout, unzipFolder } from "@quire/core"
import { Effect } from "effect"
import { runMarkdownTask } from "../../../packages/core/src/content/markdown/work/markdownTasks.js"
import { importCorpus } from "../import/importCorpus.js"

const pageCount = Number(process.env.MICRO_PAGES ?? 2000)
const rounds = Number(process.env.MICRO_ROUNDS ?? 3)
const onWorker = process.env.MICRO_MARKDOWN === "worker"
const corpus = importCorpus(pageCount)
const files = await Effect.runPromise(unzipFolder(corpus.zip))
const bodies = corpus.pages.flatMap((page) => (page.markdown === undefined ? [] : [page.markdown]))

const timed = <A, E, R>(label: string, self: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const cpu = process.cpuUsage()
    const start = performance.now()
    yield* self
    const used = process.cpuUsage(cpu)
    console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(2)} s wall ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`)
  })

const program = Effect.gen(function* () {
  const work = yield* MarkdownWork
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}:`)
    yield* timed(`prepare of ${bodies.length} bodies (in process)`, Effect.sync(() => {
        for (const markdown of bodies) runMarkdownTask({ op: "prepare", markdown })
      }))
    const texts = [...files].flatMap(([path, content]) => (path.endsWith(".md") && path !== "SUMMARY.md" ? [typeof content === "string" ? content : new TextDecoder().decode(content)] : []))
    yield* timed(`prepare of ${texts.length} page files (in process)`, Effect.sync(() => {
        for (const markdown of texts) runMarkdownTask({ op: "prepare", markdown })
      }))
    yield* timed(`readLayout of ${files.size} files (${onWorker ? "worker thread" : "in process"})`, Effect.provideService(readLayout(files), MarkdownWork, work))
  }
})

await Effect.runPromise(onWorker ? Effect.scoped(Effect.provide(program, markdownWorkers({ threads: 1 }))) : program)
