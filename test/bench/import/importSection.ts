import { request } from "node:http"
import { type BenchContext, round, type Section, type Target } from "../section.js"
import { type ImportCorpus, importCorpus } from "./importCorpus.js"
import { GitRemote, IsomorphicGitRemote } from "@quire/core"
import { Effect } from "effect"
import { startGitServer } from "../../support/gitServer.js"
import { openEngineImporter } from "./importInProcess.js"
import { median } from "../median.js"
import { waitUntilQuiet } from "../processes.js"
import { serveBytes } from "./serveBytes.js"

/** Pages of the import block (the 2,000). */
export const IMPORT_PAGES = Number(process.env.BENCH_IMPORT_PAGES ?? 2_000)

/**
 * Timed imports of each kind, after one untimed; a figure is their median. One import is one
 * sample of a few seconds, and on this kind of machine two alike differ by up to a quarter.
 */
export const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3)

/**
 * Runs each of `kinds` once untimed, then `IMPORT_RUNS` rounds of one of each, in turn (`last`
 * true in the last round): every timed figure by kind, in seconds. In turn, so that a slower
 * minute of a shared machine falls on every kind alike, not on whichever was timed then.
 */
export const interleavedRuns = async <K extends string>(
  kinds: Record<K, (last: boolean) => Promise<number>>,
  beforeEach: () => Promise<void> = async () => {}
): Promise<Record<K, ReadonlyArray<number>>> => {
  const names = Object.keys(kinds) as Array<K>
  for (const name of names) {
    await beforeEach()
    await kinds[name](false)
  }
  const figures = Object.fromEntries(names.map((name) => [name, [] as Array<number>])) as Record<K, Array<number>>
  for (let run = 0; run < IMPORT_RUNS; run++) {
    for (const name of names) {
      await beforeEach()
      figures[name].push(await kinds[name](run === IMPORT_RUNS - 1))
    }
  }
  return figures
}

interface ImportFigures {
  readonly pages: number
  readonly zipS: number
  readonly gitS: number
  readonly engineS: number
  /** Each timed import's seconds, in the order run. */
  readonly runs: { readonly zipS: ReadonlyArray<number>; readonly gitS: ReadonlyArray<number>; readonly engineS: ReadonlyArray<number> }
}

/** One request on a connection of its own (an idle kept-alive one may be closed by the server as it is reused). */
const call = (target: Target, method: string, path: string, body?: unknown) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const payload = body === undefined ? "" : JSON.stringify(body)
    const sent = request(
      `${target.url}${path}`,
      {
        method,
        agent: false,
        headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("error", reject)
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8")
          const status = response.statusCode ?? 0
          if (status < 200 || status >= 300) reject(new Error(`import: ${method} ${path} answered ${status}: ${text}`))
          else resolve(text === "" ? {} : (JSON.parse(text) as Record<string, unknown>))
        })
      }
    )
    sent.on("error", (error) => reject(new Error(`import: ${method} ${path} failed (${error.message})`)))
    sent.end(payload)
  })

/** `importContent` of the corpus as a zip served on loopback, into a fresh space, through Quire's HTTP API: seconds. */
export const zipImport = async (quire: Target, organizationId: string, corpus: ImportCorpus) => {
  const zip = await serveBytes({ "/docs.zip": corpus.zip })
  try {
    const space = await call(quire, "POST", `/v1/orgs/${organizationId}/spaces`, { title: "Import bench (zip)" })
    const started = performance.now()
    const imported = await call(quire, "POST", `/v1/spaces/${space.id}/content/import`, { url: `${zip.url}/docs.zip`, source: "zip" })
    const zipS = (performance.now() - started) / 1000
    if (imported.importedResources !== corpus.pages.length) {
      throw new Error(`import: the zip import answered ${JSON.stringify(imported)} for ${corpus.pages.length} pages`)
    }
    return zipS
  } finally {
    await zip.close()
  }
}

/** What `getSpaceGitInfo` says of the last Git operation. */
interface GitOperation {
  readonly state: string
  readonly startedAt: string
  readonly endedAt?: string
  readonly error?: string
}

/**
 * How often the bench asks whether the Git import has ended. Each question is a request the
 * server answers on the import's one core (polling every 20 ms took ~200 of them from a 4 s
 * import); the time is the operation's own, `startedAt` to `endedAt`, so asking seldom loses nothing.
 */
const POLL_MS = 250

/** The corpus pushed to a Git server on loopback, once for every Git import of a run. */
export interface PushedRepository {
  readonly url: string
  readonly ref: string
  readonly close: () => Promise<void>
}

export const pushedRepository = async (corpus: ImportCorpus): Promise<PushedRepository> => {
  const git = await startGitServer({ name: "bench-import" })
  try {
    const ref = "refs/heads/main"
    await Effect.runPromise(
      Effect.flatMap(GitRemote, (remote) =>
        remote.pushTree({ url: git.url, ref, files: corpus.files, message: "The bench's pages", author: { name: "Bench", email: "bench@example.com" } })
      ).pipe(Effect.provide(IsomorphicGitRemote.layer()))
    )
    return { url: git.url, ref, close: () => git.close() }
  } catch (error) {
    await git.close()
    throw error
  }
}

/**
 * `importGitRepository` of the pushed corpus into a fresh space, through Quire's HTTP API: the
 * operation's seconds as `getSpaceGitInfo` reports them, from its `startedAt` (the request
 * enqueued the job) to its `endedAt`, the job's queueing and the Git fetch included. `check`:
 * then read the space's content to see the pages arrived (untimed; its bodies' first rendering
 * is seconds of the server's CPU, whose garbage a following import would collect).
 */
export const gitImport = async (quire: Target, organizationId: string, repository: PushedRepository, check = true) => {
  const space = await call(quire, "POST", `/v1/orgs/${organizationId}/spaces`, { title: "Import bench (Git)" })
  await call(quire, "POST", `/v1/spaces/${space.id}/git/import`, { url: repository.url, ref: repository.ref })
  let gitS: number
  for (;;) {
    const operation = (await call(quire, "GET", `/v1/spaces/${space.id}/git/info`)).operation as GitOperation
    if (operation.state === "success") {
      gitS = (Date.parse(operation.endedAt!) - Date.parse(operation.startedAt)) / 1000
      break
    }
    if (operation.state !== "running") throw new Error(`import: the Git import ended ${operation.state}: ${operation.error}`)
    await new Promise((done) => setTimeout(done, POLL_MS))
  }
  if (check) {
    const pages = (await call(quire, "GET", `/v1/spaces/${space.id}/content`)) as { pages?: ReadonlyArray<unknown> }
    if (pages.pages === undefined || pages.pages.length === 0) throw new Error("import: the Git import left the space empty")
  }
  return gitS
}

/**
 * Importing a generated 2,000-page space (the content block's shape, written by `writeLayout`):
 * `zipS`, the HTTP `importContent` of it as a zip served on loopback (the server allows
 * 127.0.0.1); `gitS`, `importGitRepository` of the same files from a loopback Git server, to
 * the job's success; `engineS`, `ContentEngine.importPages` of the same pages in one batch, in
 * this process on the server's database and CPU (the server idle meanwhile). Each the median of
 * `IMPORT_RUNS` (3), each into a fresh space, in rounds of one of each, after one of each
 * untimed: the server's first import pays its code's warm-up (its markdown thread compiling the
 * parser: 2,000 pages 4.4 s, the next 2.3–2.8 s), and so does the engine's. Each starts once the
 * server has been idle for half a second (`waitUntilQuiet`). The bars:
 * zipS and gitS ≤ 1.5 × engineS and ≤ 5 s.
 */
export const importSection = (context: BenchContext): Section => {
  let corpus: ImportCorpus | undefined
  const made = () => (corpus ??= importCorpus(IMPORT_PAGES))
  let figures: ImportFigures | undefined
  return {
    key: "import",
    onQuire: async (quire) => {
      const organizationId = context.seeded.organizationId
      console.log(
        `import: ${IMPORT_PAGES} pages on ${context.backend.title}, once each untimed, then ${IMPORT_RUNS} rounds of: a zip through importContent, ` +
          `the same pages from a loopback Git repository through importGitRepository, the engine's importPages in process …`
      )
      // Pushed once: the push is this process's work, whose garbage the engine's imports here would collect.
      const repository = await pushedRepository(made())
      const engine = await openEngineImporter(context.backend, context.seeded, made(), context.config.serverCpu)
      let runs: Record<"zipS" | "gitS" | "engineS", ReadonlyArray<number>>
      const waits: Array<number> = []
      try {
        runs = await interleavedRuns({
          zipS: () => zipImport(quire, organizationId, made()),
          // The check reads the space's content, whose garbage the next import would collect: only after the last.
          gitS: (last) => gitImport(quire, organizationId, repository, last),
          engineS: () => engine.importOnce()
        }, async () => {
          // Each import starts on a server done with the last one's garbage: the engine shares its CPU.
          if (quire.pid !== undefined) waits.push(await waitUntilQuiet(quire.pid))
        })
      } finally {
        await engine.close()
        await repository.close()
      }
      figures = { pages: IMPORT_PAGES, zipS: median(runs.zipS), gitS: median(runs.gitS), engineS: median(runs.engineS), runs }
      const each = (figures: ReadonlyArray<number>) => figures.map((s) => s.toFixed(2)).join(", ")
      console.log(`import on ${context.backend.title}, each run (s): zip ${each(runs.zipS)}; Git ${each(runs.gitS)}; engine ${each(runs.engineS)}`)
      console.log(`  the server was quiet before each import after (ms): ${waits.map((ms) => ms.toFixed(0)).join(", ")}`)
    },
    result: () => {
      if (!figures) throw new Error("import: not measured")
      const { pages, zipS, gitS, engineS, runs } = figures
      const versus = (s: number) => (s / engineS).toFixed(2)
      return {
        json: {
          pages,
          zipS: round(zipS),
          gitS: round(gitS),
          engineS: round(engineS),
          runs: { zipS: runs.zipS.map(round), gitS: runs.gitS.map(round), engineS: runs.engineS.map(round) }
        },
        rows: [
          { figure: `import ${pages} pages: zip over HTTP s`, quire: zipS.toFixed(2), ratio: versus(zipS) },
          { figure: `import ${pages} pages: Git over HTTP s`, quire: gitS.toFixed(2), ratio: versus(gitS) },
          { figure: `import ${pages} pages: engine importPages s`, quire: engineS.toFixed(2) }
        ]
      }
    }
  }
}
