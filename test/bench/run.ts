/**
 * `pnpm bench`: seeds 10,000 spaces in a fresh SQLite file (and copies them into a fresh
 * Postgres database), then measures, on each backend, the real Quire server and a hand-written
 * baseline on the same rows, and Quire's services in process beside the raw driver. Prints
 * figures; asserts nothing about them. See test/bench/README.md.
 */
import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../e2e/support/server.js"
import { type Backend, type BackendName, postgresBackend, sqliteBackend } from "./backends.js"
import { type BenchConfig, readConfig } from "./config.js"
import { summarizeCpuProfiles } from "./cpuProfile.js"
import { contentSection } from "./contentSection.js"
import { getPageByIdSection } from "./getPageById.js"
import { getSpaceByIdSection } from "./getSpaceById.js"
import { importSection } from "./import/importSection.js"
import { inProcessSection } from "./inProcessSection.js"
import { listSpacesSection } from "./listSpaces.js"
import { mergeChangeRequestSection } from "./mergeChangeRequest.js"
import { publishedPageSection } from "./publishedPage.js"
import { POSTGRES_ADMIN_URL, postgresReachable } from "./postgresDatabase.js"
import { stopAll } from "./processes.js"
import { DEFAULT_CORPUS, generateCorpus } from "./search/corpus.js"
import { searchSection } from "./search/searchSection.js"
import { collectResults, formatTable, summaryJson, writeJson } from "./report.js"
import type { BenchContext, Section, SectionResult, Target } from "./section.js"
import { type Seeded, seed } from "./seed.js"
import { startBaseline, startQuire } from "./servers.js"
import { startupResult } from "./startup.js"
import { compareResponses, fetchAll, sampleIds } from "./verify.js"
import { ensureWrk } from "./wrk.js"

const config = readConfig()

/** Every section by its JSON key, in the order they run (in-process writes go last). */
const SECTIONS: ReadonlyArray<readonly [key: string, make: (context: BenchContext) => Section]> = [
  ["getSpaceById", getSpaceByIdSection],
  ["getPageById", getPageByIdSection],
  ["publishedPage", publishedPageSection],
  ["listSpaces", listSpacesSection],
  ["mergeChangeRequest", mergeChangeRequestSection],
  ["search", searchSection],
  ["inProcess", inProcessSection],
  ["content", contentSection],
  ["import", importSection]
]

/** The sections `BENCH_ONLY` names (all when unset); an unknown name stops the run before any work. */
const chosenSections = (only: BenchConfig["only"]) => {
  if (only === undefined) return SECTIONS
  const known = ["startup", ...SECTIONS.map(([key]) => key)]
  for (const key of only) if (!known.includes(key)) throw new Error(`BENCH_ONLY: "${key}" is not one of ${known.join(", ")}`)
  return SECTIONS.filter(([key]) => only.includes(key))
}
const chosen = chosenSections(config.only)
const measuresSearch = chosen.some(([key]) => key === "search")
const measuresStartup = config.only === undefined || config.only.includes("startup")
const dir = mkdtempSync(join(tmpdir(), "quire-bench-"))
const backends: Array<Backend> = []

let cleanedUp = false
const cleanUp = async () => {
  if (cleanedUp) return
  cleanedUp = true
  await stopAll()
  for (const backend of backends) await backend.release().catch((error) => console.error(`${backend.title}: ${error}`))
  if (config.keepLogsDir) {
    for (const log of readdirSync(dir).filter((name) => name.endsWith(".log"))) cpSync(join(dir, log), join(config.keepLogsDir, log))
    console.log(`Server logs copied to ${config.keepLogsDir}`)
  }
  rmSync(dir, { recursive: true, force: true })
}

// `on`, not `once`: a second signal (tsx relays the first one again) must not kill us mid-clean-up.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (cleanedUp) return
    console.error(`\n${signal}: stopping the servers, dropping the bench databases and removing ${dir}`)
    void cleanUp().finally(() => process.exit(130))
  })
}

const BAR = "!".repeat(78)



/** The backends to measure: those asked for, or SQLite and (when it answers) Postgres. */
const chooseBackends = async (wanted: BenchConfig["backends"]): Promise<ReadonlyArray<BackendName>> => {
  if (wanted !== "auto") return wanted
  if (await postgresReachable()) return ["sqlite", "postgres"]
  console.warn(`\n${BAR}\n!! Postgres is unreachable at ${POSTGRES_ADMIN_URL} (set BENCH_POSTGRES_URL):\n!! ONLY SQLITE IS MEASURED.\n${BAR}\n`)
  return ["sqlite"]
}

/** Every backend gets its rows before any is measured: measuring writes (in-process creates and updates). */
const prepare = async (name: BackendName, seeded: Seeded): Promise<Backend> => {
  if (name === "sqlite") return sqliteBackend(seeded, dir)
  console.log(`Copying the seeded rows into a fresh Postgres database (${POSTGRES_ADMIN_URL}) …`)
  const started = performance.now()
  const backend = await postgresBackend(seeded)
  console.log(`Copied and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return backend
}

/** Both servers on one backend's rows, every section's steps, and their results. */
const measure = async (
  backend: Backend,
  seeded: Seeded
): Promise<ReadonlyArray<readonly [key: string, result: SectionResult]>> => {
  console.log(`\n== ${backend.title} ==`)
  const context: BenchContext = { config, seeded, dir, backend }
  // Each section gives one key of the JSON summary.
  const sections: ReadonlyArray<Section> = chosen.map(([, make]) => make(context))

  const quirePort = await freePort()
  const baselinePort = await freePort()
  // Both servers build `urls` from the same base, so that their JSON can be the same bytes.
  const publicUrl = `http://127.0.0.1:${quirePort}`
  const serverOptions = { publicUrl, cpu: config.serverCpu, dir }
  const target = (url: string, pid?: number): Target => ({ url, token: seeded.token, pid })

  const quire = await startQuire({
    ...serverOptions,
    name: `quire-${backend.name}`,
    port: quirePort,
    databaseUrl: backend.databaseUrl,
    cpuProfileDir: config.cpuProfileDir,
    fromSource: config.quireFrom === "source"
  })
  console.log(`Quire is up at ${quire.url} (pid ${quire.process.pid}, CPU ${config.serverCpu}); wrk runs on CPU ${config.loadCpu}`)
  const baseline = await startBaseline({
    ...serverOptions,
    name: `baseline-${backend.name}`,
    port: baselinePort,
    main: backend.baselineMain,
    env: backend.baselineEnv
  })
  console.log(`Baseline is up at ${baseline.url} (pid ${baseline.process.pid}, CPU ${config.serverCpu})`)
  const sample = sampleIds(seeded.spaceIds, seeded.viaService)
  const verdict = compareResponses(
    sample,
    await fetchAll(quire.url, seeded.token, sample),
    await fetchAll(baseline.url, seeded.token, sample)
  )
  console.log(`Baseline and Quire return the same JSON for ${sample.length} spaces (${verdict})`)

  for (const section of sections) await section.onBoth?.(target(quire.url), target(baseline.url))
  await baseline.process.stop()
  for (const section of sections) await section.onQuire?.(target(quire.url, quire.process.pid))
  await quire.process.stop()
  for (const section of sections) await section.offline?.()
  return collectResults(sections)
}

/** `quire --help`, `--version` and the first answer of `quire serve` and of `pnpm start` (startup.ts). */
const measureStartup = async () => {
  console.log(`Startup: medians of ${config.startupRuns} runs of node -e 1, quire --help, --version, serve and pnpm start …`)
  const result = await startupResult(dir, config.startupRuns)
  console.log(formatTable([["startup", result]]))
  return result
}

const bench = async () => {
  ensureWrk()
  if (config.quireFrom === "built") {
    console.log("Building the packages (pnpm build): the Quire server runs from the build …")
    execFileSync("pnpm", ["build"], { cwd: join(import.meta.dirname, "../.."), stdio: "inherit" })
  }
  const started = performance.now()
  // The figures only mean something on a quiet machine; say how quiet it was.
  const load = () => loadavg().map((l) => l.toFixed(2)).join(" ")
  console.log(`Load average (1, 5, 15 min) at start: ${load()}`)
  // Startup first, on the quiet machine, and only from the build (what the bars are about).
  const startup = config.quireFrom === "built" && measuresStartup ? await measureStartup() : undefined
  const names = await chooseBackends(config.backends)
  console.log(`Backends: ${names.join(", ")}`)

  if (config.only) console.log(`Sections: ${config.only.join(", ")} (BENCH_ONLY)`)
  const searchCorpus = measuresSearch ? generateCorpus({ ...DEFAULT_CORPUS, spaces: config.searchSpaces }) : undefined
  console.log(
    `Seeding ${config.spaces} spaces${searchCorpus ? ` and the search corpus (${searchCorpus.pageCount} pages in ${searchCorpus.spaces.length} spaces)` : ""} in ${dir} …`
  )
  const seeded = await seed({
    filename: join(dir, "quire.db"),
    spaces: config.spaces,
    serviceBudgetSeconds: config.serviceSeedBudgetSeconds,
    minServiceSpaces: Math.min(config.spaces, 100),
    searchCorpus
  })
  console.log(
    `Seeded 1 user, 1 API token, 1 organization, ${seeded.spaceIds.length} spaces in ${seeded.seconds.toFixed(1)} s ` +
      `(${seeded.viaService} by Spaces.create, ${seeded.viaBulk} copied in bulk from the shape of a service-made row)` +
      (seeded.search ? `; of which the search corpus took ${seeded.search.seconds.toFixed(1)} s` : "")
  )
  for (const name of names) backends.push(await prepare(name, seeded))

  const results: Array<readonly [Backend, ReadonlyArray<readonly [string, SectionResult]>]> = []
  for (const backend of backends) results.push([backend, await measure(backend, seeded)])

  if (startup) console.log(`\nStartup (SQLite, built)\n${formatTable([["startup", startup]])}`)
  for (const [backend, sections] of results) console.log(`\n${backend.title}\n${formatTable(sections)}`)
  console.log("\nratio: quire/baseline (HTTP) and quire/raw driver (inProcess); last page / first page for listSpaces;")
  console.log("       10,000 pages / 10 pages for content and mergeChangeRequest; import: seconds / engineS")
  if (config.jsonPath) {
    // SQLite's sections at the top (as before Postgres was measured), each other backend under its name.
    const json = {
      ...(startup ? { startup: startup.json } : {}),
      ...Object.fromEntries(
        results.flatMap(([backend, sections]) =>
          backend.name === "sqlite" ? Object.entries(summaryJson(sections)) : [[backend.name, summaryJson(sections)]]
        )
      )
    }
    writeJson(config.jsonPath, json)
    console.log(`Wrote ${config.jsonPath}`)
  }
  if (config.cpuProfileDir) console.log(`\n${summarizeCpuProfiles(config.cpuProfileDir)}`)
  console.log(`\nWhole run: ${((performance.now() - started) / 1000).toFixed(1)} s; load average at end: ${load()}`)
}

try {
  await bench()
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
