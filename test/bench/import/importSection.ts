import { request } from "node:http"
import { type BenchContext, round, type Section, type Target } from "../section.js"
import { type ImportCorpus, importCorpus } from "./importCorpus.js"
import { measureImportInProcess } from "./importInProcess.js"
import { serveBytes } from "./serveBytes.js"

/** Pages of the import block (the 2,000). */
export const IMPORT_PAGES = Number(process.env.BENCH_IMPORT_PAGES ?? 2_000)

interface ImportFigures {
  readonly pages: number
  readonly zipS: number
  readonly gitS: number
  readonly engineS: number
}

/** One request on a connection of its own (an idle kept-alive one may be closed by the server as it is reused). */
const call = (target: Target, method: string, path: string, body: unknown) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const payload = JSON.stringify(body)
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
          else resolve(JSON.parse(text) as Record<string, unknown>)
        })
      }
    )
    sent.on("error", (error) => reject(new Error(`import: ${method} ${path} failed (${error.message})`)))
    sent.end(payload)
  })

/** `importContent` of the corpus as a zip served on loopback, into a fresh space, through Quire's HTTP API: seconds. */
const zipImport = async (quire: Target, organizationId: string, corpus: ImportCorpus) => {
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

/**
 * Importing a generated 2,000-page space (the content block's shape, written by `writeLayout`):
 * `zipS`, the HTTP `importContent` of it as a zip served on loopback (the server allows
 * 127.0.0.1); `gitS`, the same files pushed to a loopback Git server, then fetched, read and
 * imported in process; `engineS`, `ContentEngine.importPages` of the same pages in one batch.
 * One run each, every one into a fresh space. The bars: zipS and gitS ≤ 1.5 × engineS
 * and ≤ 5 s.
 */
export const importSection = (context: BenchContext): Section => {
  let corpus: ImportCorpus | undefined
  const made = () => (corpus ??= importCorpus(IMPORT_PAGES))
  let zipS: number | undefined
  let figures: ImportFigures | undefined
  return {
    key: "import",
    onQuire: async (quire) => {
      console.log(`import: a ${IMPORT_PAGES}-page zip through importContent on ${context.backend.title} …`)
      zipS = await zipImport(quire, context.seeded.organizationId, made())
    },
    offline: async () => {
      console.log(`import: the same pages from a loopback Git repository, and by the engine, in process …`)
      const inProcess = await measureImportInProcess(context.backend, context.seeded, made())
      if (zipS === undefined) throw new Error("import: the zip import did not run")
      figures = { pages: IMPORT_PAGES, zipS, ...inProcess }
    },
    result: () => {
      if (!figures) throw new Error("import: not measured")
      const { pages, zipS, gitS, engineS } = figures
      const versus = (s: number) => (s / engineS).toFixed(2)
      return {
        json: { pages, zipS: round(zipS), gitS: round(gitS), engineS: round(engineS) },
        rows: [
          { figure: `import ${pages} pages: zip over HTTP s`, quire: zipS.toFixed(2), ratio: versus(zipS) },
          { figure: `import ${pages} pages: Git, in process s`, quire: gitS.toFixed(2), ratio: versus(gitS) },
          { figure: `import ${pages} pages: engine importPages s`, quire: engineS.toFixed(2) }
        ]
      }
    }
  }
}
