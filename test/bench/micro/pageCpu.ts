/**
 * `tsx test/bench/micro/pageCpu.ts`: server CPU time per `getPageById` (markdown) of the
 * 10,000-page space, under wrk on 32 connections, for Quire, the bench's baseline (serving
 * Quire's stored JSON) and `apiFloor.ts` (an `HttpApi` endpoint answering a body of the pages'
 * median size without doing anything): user + system time from /proc over each round's
 * requests, alternating servers, `MICRO_ROUNDS` (3) rounds of `MICRO_SECONDS` (4) s, least per
 * server (other load on the machine only ever adds). What the ratio of `pnpm bench` comes down
 * to, much steadier than req/s.
 *   MICRO_BACKEND=sqlite|postgres  MICRO_ONLY=quire,baseline,floor
 *   MICRO_SEED_CACHE=<dir>  seed once there (SQLite), copy for later runs
 *   MICRO_PROF=<file>  a CPU profile of Quire's first measured round (`cpuSampling.mjs`, over
 *                      the inspector), for `cpuProfileReport.ts`
 */
import { spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../../e2e/support/server.js"
import { postgresBackend, sqliteBackend } from "../backends.js"
import { cpuMillisSplit, stopAll } from "../processes.js"
import { type Seeded, seed } from "../seed.js"
import { type RunningServer, startBaseline, startQuire } from "../servers.js"
import { fetchPaths } from "../verify.js"
import { runWrk } from "../wrk.js"

const dir = mkdtempSync(join(tmpdir(), "quire-page-cpu-"))
const seconds = Number(process.env.MICRO_SECONDS ?? 4)
const rounds = Number(process.env.MICRO_ROUNDS ?? 3)
const only = (process.env.MICRO_ONLY ?? "quire,baseline,floor").split(",")
const profile = process.env.MICRO_PROF

const seedFor = async (): Promise<Seeded> => {
  const options = { spaces: 100, serviceBudgetSeconds: 60, minServiceSpaces: 100 }
  const cache = process.env.MICRO_SEED_CACHE
  if (cache === undefined) return seed({ filename: join(dir, "q.db"), ...options })
  const described = join(cache, "page.json")
  if (!existsSync(described)) {
    mkdirSync(cache, { recursive: true })
    writeFileSync(described, JSON.stringify(await seed({ filename: join(cache, "page.db"), ...options })))
  }
  cpSync(join(cache, "page.db"), join(dir, "q.db"))
  return { ...(JSON.parse(readFileSync(described, "utf8")) as Seeded), filename: join(dir, "q.db") }
}

let release = async () => {}
try {
  const seeded = await seedFor()
  const backend = process.env.MICRO_BACKEND === "postgres" ? await postgresBackend(seeded) : sqliteBackend(seeded, dir)
  release = backend.release
  const space = [...seeded.content].sort((a, b) => b.pages - a.pages)[0]!
  const pathOf = (pageId: string) => `/v1/spaces/${space.spaceId}/content/page/${pageId}?format=markdown`
  const paths = space.pageIds.map(pathOf)
  const pathsFile = join(dir, "paths.txt")
  writeFileSync(pathsFile, `${paths.join("\n")}\n`)

  const start = async (name: string, cpu: number): Promise<RunningServer> => {
    const port = await freePort()
    const options = { name, port, publicUrl: "http://127.0.0.1:1", cpu, dir }
    if (name === "quire") return startQuire({ ...options, databaseUrl: backend.databaseUrl, inspectPort: profile ? 9339 : undefined })
    if (name === "baseline") return startBaseline({ ...options, main: backend.baselineMain, env: backend.baselineEnv })
    return startBaseline({ ...options, main: join(import.meta.dirname, "apiFloor.ts"), env: { FLOOR_BYTES: String(floorBytes) } })
  }
  const quire = await start("quire", 0)
  const rendered = await fetchPaths(quire.url, seeded.token, paths)
  const sizes = paths.map((path) => Buffer.byteLength(rendered.get(path)!.body)).sort((a, b) => a - b)
  const floorBytes = sizes[sizes.length >> 1]!
  await backend.storeRenderedPages(space.pageIds.map((pageId) => ({ spaceId: space.spaceId, pageId, body: rendered.get(pathOf(pageId))!.body })))
  const servers = [quire]
  if (only.includes("baseline")) servers.push(await start("baseline", 0))
  if (only.includes("floor")) servers.push(await start("floor", 0))
  const measured = servers.filter((server) => only.includes(server.name))

  const load = (server: RunningServer, s: number) =>
    runWrk({ logFile: join(dir, "wrk.log"), baseUrl: server.url, token: seeded.token, pathsFile, seconds: s, connections: 32, threads: 2, cpu: 1 })
  for (const server of measured) await load(server, 3)
  const best = new Map<string, { us: number; rps: number; p99: number }>()
  for (let round = 0; round < rounds; round++) {
    for (const server of measured) {
      await load(server, 1)
      const before = cpuMillisSplit(server.process.pid)
      const sampling =
        profile && round === 0 && server.name === "quire"
          ? new Promise((done) =>
              spawn(process.execPath, ["--experimental-websocket", join(import.meta.dirname, "cpuSampling.mjs"), "9339", String(seconds), profile], {
                stdio: "inherit"
              }).on("exit", done)
            )
          : undefined
      const figures = await load(server, seconds)
      await sampling
      const after = cpuMillisSplit(server.process.pid)
      const perRequest = (millis: number) => (millis * 1000) / figures.requests
      const system = perRequest(after.system - before.system)
      const us = perRequest(after.user - before.user) + system
      console.log(
        `round ${round + 1} ${server.name}: ${us.toFixed(1)} µs/request (${system.toFixed(1)} in the kernel), ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99Ms.toFixed(1)} ms`
      )
      const previous = best.get(server.name)
      if (previous === undefined || us < previous.us) best.set(server.name, { us, rps: figures.rps, p99: figures.p99Ms })
    }
  }
  console.log(`pages of ~${floorBytes} bytes; least server CPU per request:`)
  for (const [name, figures] of best) console.log(`  ${name.padEnd(9)} ${figures.us.toFixed(1)} µs`)
  const baseline = best.get("baseline")
  const ours = best.get("quire")
  if (baseline && ours) console.log(`  baseline ÷ quire (the ratio the CPU allows): ${(baseline.us / ours.us).toFixed(3)}`)
} finally {
  await stopAll()
  await release()
  rmSync(dir, { recursive: true, force: true })
}
