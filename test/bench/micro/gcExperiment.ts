/**
 * `tsx test/bench/micro/gcExperiment.ts`: what the garbage collector does to a server under
 * load. One seed, then the built Quire server (or another server) under several sets of node
 * flags in turn, each loaded by wrk with random reads on 32 connections after a warm-up; per
 * round req/s, p90, p99, max and the CPU time the machine's other tenants took (steal), and per
 * set the young collections' pauses, the full collections' pauses, and how fast the old
 * generation grew between full collections (what the young collections promoted; under a
 * steady load anything above a few MB/s is a full collection every few seconds, which is the p99).
 *
 *   EXP_TARGET=page|space|floor  page: the 10,000-page space's pages; space: `GET /v1/spaces/{id}`;
 *                                floor: `apiFloor.ts` (an `HttpApi` endpoint that does nothing)
 *   EXP_BACKEND=sqlite|postgres  EXP_SERVER=quire|baseline (the bench's baseline, or the floor)
 *   EXP_FLAGS="--a --b|--c"      node flag sets, split on `|` (an empty set is allowed);
 *                                `ENV:NAME=value` in a set is put in that server's environment
 *   EXP_SECONDS=5  EXP_ROUNDS=4  EXP_WARMUP=5 (seconds of load before the rounds)  EXP_C=32 (connections)
 *   EXP_SEED_CACHE=<dir>         make the SQLite seed once there, and copy it for later runs
 *   EXP_IDLE=<s>                 first report the server's CPU over s idle seconds after the reads
 *   EXP_PROFILE=all|promoted|live     a sampling heap profile of round 1 (`heapSampling.mjs`; the set
 *                                needs `--inspect=9339`), written to /tmp/prof-<target>-<set>.txt
 *   EXP_PROFILE=snapshot         a heap snapshot at round 1's start, summed by kind of object
 *                                (`heapSummary.mjs`), written to /tmp/heap-<target>-<set>.txt
 * Each set's full GC trace is kept as /tmp/exp-<target>-<set>.log.
 */
import { spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../../e2e/support/server.js"
import { type Backend, postgresBackend, sqliteBackend } from "../backends.js"
import { cpuMillis, stopAll } from "../processes.js"
import { type Seeded, seed } from "../seed.js"
import { startBaseline, startQuire } from "../servers.js"
import { fetchPaths } from "../verify.js"
import { runWrk, type WrkFigures } from "../wrk.js"

const dir = mkdtempSync(join(tmpdir(), "quire-gc-exp-"))
const seconds = Number(process.env.EXP_SECONDS ?? 5)
const rounds = Number(process.env.EXP_ROUNDS ?? 4)
const target = process.env.EXP_TARGET ?? "page"
const floor = target === "floor"

const seedFor = async (): Promise<Seeded> => {
  const options = { spaces: target === "page" ? 100 : 2000, serviceBudgetSeconds: 60, minServiceSpaces: 100 }
  const cache = process.env.EXP_SEED_CACHE
  if (cache === undefined) return seed({ filename: join(dir, "q.db"), ...options })
  const described = join(cache, `${target}.json`)
  if (!existsSync(described)) {
    mkdirSync(cache, { recursive: true })
    writeFileSync(described, JSON.stringify(await seed({ filename: join(cache, `${target}.db`), ...options })))
  }
  cpSync(join(cache, `${target}.db`), join(dir, "q.db"))
  return { ...(JSON.parse(readFileSync(described, "utf8")) as Seeded), filename: join(dir, "q.db") }
}

const stealTicks = () => Number(readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/)[8])

/** The collector's figures from a `--trace-gc` log. */
const collections = (log: ReadonlyArray<string>) => {
  const pauses = (kind: string) =>
    log
      .filter((line) => line.includes(`: ${kind} `))
      .map((line) => Number(/MB, ([\d.]+) \//.exec(line)?.[1] ?? Number.NaN))
      .sort((a, b) => a - b)
  const marks = log.flatMap((line) => {
    const m = /\s(\d+) ms: Mark-Compact ([\d.]+) \([\d.]+\) -> ([\d.]+)/.exec(line)
    return m === null ? [] : [{ t: Number(m[1]), before: Number(m[2]), after: Number(m[3]) }]
  })
  // The old generation's growth from one full collection to the next, at the time of the later one.
  const growth = marks
    .slice(1)
    .map((m, k) => `${(m.t / 1000).toFixed(0)}s:${(((m.before - marks[k]!.after) / (m.t - marks[k]!.t)) * 1000).toFixed(1)}`)
  const q = (a: ReadonlyArray<number>, p: number) => a[Math.min(a.length - 1, Math.floor(a.length * p))]?.toFixed(1)
  const young = pauses("Scavenge")
  const full = pauses("Mark-Compact")
  return (
    `young ${young.length} p50 ${q(young, 0.5)} p90 ${q(young, 0.9)} max ${q(young, 1)} ms | ` +
    `full ${full.length}: ${full.map((x) => x.toFixed(1)).join(" ")} ms | old generation grew (MB/s) ${growth.join(" ")}`
  )
}

let release = async () => {}
try {
  const seeded: Pick<Seeded, "spaceIds" | "content" | "token"> = floor
    ? { spaceIds: [], content: [], token: "any" }
    : await seedFor()
  const backend: Backend | undefined = floor
    ? undefined
    : process.env.EXP_BACKEND === "postgres"
      ? await postgresBackend(seeded as Seeded)
      : sqliteBackend(seeded as Seeded, dir)
  release = backend?.release ?? release
  const space = [...seeded.content].sort((a, b) => b.pages - a.pages)[0]
  const paths = floor
    ? Array.from({ length: 1000 }, (_, n) => `/v1/spaces/s${n}/content/page/p${n}?format=markdown`)
    : target === "page"
      ? space!.pageIds.map((id) => `/v1/spaces/${space!.spaceId}/content/page/${id}?format=markdown`)
      : seeded.spaceIds.map((id) => `/v1/spaces/${id}`)
  const pathsFile = join(dir, "paths.txt")
  writeFileSync(pathsFile, `${paths.join("\n")}\n`)

  for (const [n, set] of (process.env.EXP_FLAGS ?? "").split("|").entries()) {
    const tokens = set.split(/\s+/).filter((token) => token !== "")
    const env = Object.fromEntries(
      tokens.filter((token) => token.startsWith("ENV:")).map((token) => [token.slice(4, token.indexOf("=")), token.slice(token.indexOf("=") + 1)])
    )
    const flags = tokens.filter((token) => !token.startsWith("ENV:"))
    const name = `server${n}`
    const port = await freePort()
    const started = Date.now()
    const options = { name, port, publicUrl: `http://127.0.0.1:${port}`, cpu: 0, dir }
    const nodeFlags = [...flags, "--trace-gc"]
    const server = floor
      ? await startBaseline({ ...options, main: join(import.meta.dirname, "apiFloor.ts"), env, nodeFlags })
      : process.env.EXP_SERVER === "baseline"
        ? await startBaseline({ ...options, main: backend!.baselineMain, env: { ...backend!.baselineEnv, ...env }, nodeFlags })
        : await (async () => {
            const saved = { ...process.env }
            Object.assign(process.env, env, { BENCH_QUIRE_NODE_FLAGS: nodeFlags.join(" ") })
            try {
              return await startQuire({ ...options, databaseUrl: backend!.databaseUrl })
            } finally {
              for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
              Object.assign(process.env, saved)
            }
          })()
    const load = (s: number) =>
      runWrk({ logFile: join(dir, "wrk.log"), baseUrl: server.url, token: seeded.token, pathsFile, seconds: s, connections: Number(process.env.EXP_C ?? 32), threads: Math.min(2, Number(process.env.EXP_C ?? 32)), cpu: 1 })
    if (!floor) await fetchPaths(server.url, seeded.token, paths)
    if (process.env.EXP_IDLE) {
      const before = cpuMillis(server.process.pid)
      await new Promise((done) => setTimeout(done, Number(process.env.EXP_IDLE) * 1000))
      console.log(`  idle ${process.env.EXP_IDLE} s after the reads: ${cpuMillis(server.process.pid) - before} ms of server CPU`)
    }
    await load(Number(process.env.EXP_WARMUP ?? 5))
    const results: Array<WrkFigures> = []
    for (let round = 0; round < rounds; round++) {
      const from = Date.now() - started
      const steal = stealTicks()
      if (round === 0 && process.env.EXP_PROFILE === "snapshot") {
        const script = join(import.meta.dirname, "heapSummary.mjs")
        const out = `/tmp/heap-${target}-${n}.txt`
        spawn(process.execPath, ["--experimental-websocket", "--max-old-space-size=8000", script, "9339", out], { stdio: "inherit" })
      } else if (round === 0 && process.env.EXP_PROFILE) {
        const script = join(import.meta.dirname, "heapSampling.mjs")
        const out = `/tmp/prof-${target}-${n}.txt`
        spawn(process.execPath, ["--experimental-websocket", script, "9339", String(seconds - 1), process.env.EXP_PROFILE, out], { stdio: "inherit" })
      }
      const figures = await load(seconds)
      results.push(figures)
      console.log(
        `  round ${round + 1} (${from}..${Date.now() - started} ms after start): ${figures.rps.toFixed(0)} req/s, ` +
          `p90 ${figures.p90Ms.toFixed(1)} p99 ${figures.p99Ms.toFixed(1)} max ${figures.maxMs.toFixed(1)} ms, steal ${stealTicks() - steal} ticks`
      )
    }
    await server.process.stop()
    const log = readFileSync(join(dir, `${name}.log`), "utf8").split("\n")
    writeFileSync(`/tmp/exp-${target}-${n}.log`, log.join("\n"))
    console.log(`[${set || "(no flags)"}] ${results.map((f) => `${f.rps.toFixed(0)}/s p99 ${f.p99Ms.toFixed(1)}`).join(", ")} | ${collections(log)}`)
  }
} finally {
  await stopAll()
  await release()
  rmSync(dir, { recursive: true, force: true })
}
