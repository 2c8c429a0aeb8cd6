/**
 * `pnpm bench`: seeds 10,000 spaces in a fresh SQLite file, then measures the real Quire server
 * and a hand-written baseline on the same rows. Prints figures; asserts nothing about them.
 * See test/bench/README.md.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../e2e/support/server.js"
import { readConfig } from "./config.js"
import { summarizeCpuProfiles } from "./cpuProfile.js"
import { contentSection } from "./contentSection.js"
import { getSpaceByIdSection } from "./getSpaceById.js"
import { listSpacesSection } from "./listSpaces.js"
import { stopAll } from "./processes.js"
import { collectResults, formatTable, summaryJson, writeJson } from "./report.js"
import type { BenchContext, Section, Target } from "./section.js"
import { seed } from "./seed.js"
import { startBaseline, startQuire } from "./servers.js"
import { compareResponses, fetchAll, sampleIds } from "./verify.js"
import { ensureWrk } from "./wrk.js"

const config = readConfig()
const dir = mkdtempSync(join(tmpdir(), "quire-bench-"))

let cleanedUp = false
const cleanUp = async () => {
  if (cleanedUp) return
  cleanedUp = true
  await stopAll()
  rmSync(dir, { recursive: true, force: true })
}

// `on`, not `once`: a second signal (tsx relays the first one again) must not kill us mid-clean-up.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (cleanedUp) return
    console.error(`\n${signal}: stopping the servers and removing ${dir}`)
    void cleanUp().finally(() => process.exit(130))
  })
}

const bench = async () => {
  ensureWrk()
  const started = performance.now()
  // The figures only mean something on a quiet machine; say how quiet it was.
  const load = () => loadavg().map((l) => l.toFixed(2)).join(" ")
  console.log(`Load average (1, 5, 15 min) at start: ${load()}`)

  console.log(`Seeding ${config.spaces} spaces in ${dir} …`)
  const seeded = await seed({
    filename: join(dir, "quire.db"),
    spaces: config.spaces,
    serviceBudgetSeconds: config.serviceSeedBudgetSeconds,
    minServiceSpaces: Math.min(config.spaces, 100)
  })
  console.log(
    `Seeded 1 user, 1 API token, 1 organization, ${seeded.spaceIds.length} spaces in ${seeded.seconds.toFixed(1)} s ` +
      `(${seeded.viaService} by Spaces.create, ${seeded.viaBulk} copied in bulk from the shape of a service-made row)`
  )

  const context: BenchContext = { config, seeded, dir }
  // Later sections (content, …) add themselves here; each gives one key of the JSON summary.
  const sections: ReadonlyArray<Section> = [getSpaceByIdSection(context), listSpacesSection(context), contentSection(context)]

  const quirePort = await freePort()
  const baselinePort = await freePort()
  // Both servers build `urls` from the same base, so that their JSON can be the same bytes.
  const publicUrl = `http://127.0.0.1:${quirePort}`
  const serverOptions = { filename: seeded.filename, publicUrl, cpu: config.serverCpu, dir }
  const target = (url: string): Target => ({ url, token: seeded.token })

  const quire = await startQuire({ ...serverOptions, port: quirePort, cpuProfileDir: config.cpuProfileDir })
  console.log(`Quire is up at ${quire.url} (pid ${quire.process.pid}, CPU ${config.serverCpu}); wrk runs on CPU ${config.loadCpu}`)

  const baseline = await startBaseline({ ...serverOptions, port: baselinePort })
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
  for (const section of sections) await section.onQuire?.(target(quire.url))
  await quire.process.stop()

  const results = collectResults(sections)
  console.log(`\n${formatTable(results)}`)
  console.log("ratio: quire/baseline for getSpaceById; last page / first page for listSpaces")
  if (config.jsonPath) {
    writeJson(config.jsonPath, summaryJson(results))
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
