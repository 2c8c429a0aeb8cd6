/**
 * `tsx test/bench/micro/pageLoad.ts`: the built Quire server on a fresh SQLite seed (100
 * spaces and the content spaces), loaded by wrk with `GET …/content/page/{random page}` of the
 * 10,000-page space for `MICRO_SECONDS` (10) over `MICRO_C` (32) connections after every page
 * was read once and a warm-up;
 * prints wrk's figures. `MICRO_KEEP_LOG=<file>` keeps the server's log. With
 * `MICRO_PROF=<dir>`, the server writes a CPU profile there, summarised at the end.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../../e2e/support/server.js"
import { summarizeCpuProfiles } from "../cpuProfile.js"
import { sqliteBackend } from "../backends.js"
import { seed } from "../seed.js"
import { startQuire } from "../servers.js"
import { fetchPaths } from "../verify.js"
import { runWrk } from "../wrk.js"
import { writeFileSync } from "node:fs"

const dir = mkdtempSync(join(tmpdir(), "quire-page-load-"))
const profileDir = process.env.MICRO_PROF
const seconds = Number(process.env.MICRO_SECONDS ?? 10)
try {
  const seeded = await seed({ filename: join(dir, "q.db"), spaces: 100, serviceBudgetSeconds: 60, minServiceSpaces: 100 })
  const backend = sqliteBackend(seeded, dir)
  // MICRO_SPACE=small reads the 10-page space instead.
  const space = [...seeded.content].sort((a, b) => (process.env.MICRO_SPACE === "small" ? a.pages - b.pages : b.pages - a.pages))[0]!
  const port = await freePort()
  const quire = await startQuire({
    name: "quire",
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    cpu: 0,
    dir,
    databaseUrl: backend.databaseUrl,
    cpuProfileDir: profileDir
  })
  const pathsFile = join(dir, "paths.txt")
  writeFileSync(pathsFile, `${space.pageIds.map((id) => `/v1/spaces/${space.spaceId}/content/page/${id}?format=markdown`).join("\n")}\n`)
  const load = (s: number) =>
    runWrk({ logFile: join(dir, "wrk.log"), baseUrl: quire.url, token: seeded.token, pathsFile, seconds: s, connections: Number(process.env.MICRO_C ?? 32), threads: 2, cpu: 1 })
  // As the bench does before measuring: every page once.
  await fetchPaths(quire.url, seeded.token, space.pageIds.map((id) => `/v1/spaces/${space.spaceId}/content/page/${id}?format=markdown`))
  await load(5)
  const figures = await load(seconds)
  console.log(`getPageById: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50Ms.toFixed(2)} ms, p99 ${figures.p99Ms.toFixed(2)} ms`)
  await quire.process.stop()
  // With BENCH_QUIRE_NODE_FLAGS="--trace-gc", the collector's lines are in the server's log.
  if (process.env.MICRO_KEEP_LOG) cpSync(join(dir, "quire.log"), process.env.MICRO_KEEP_LOG)
  if (profileDir) console.log(summarizeCpuProfiles(profileDir))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
