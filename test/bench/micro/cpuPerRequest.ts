/**
 * Server CPU time per `GET /v1/spaces/{id}`: user + system time of the server process
 * (from /proc) over a fixed number of requests. Much less sensitive to other load on the
 * machine than req/s, so it is what to compare before and after a change to the hot path.
 *   MICRO_TARGET=quire|baseline|floor  MICRO_BACKEND=sqlite|postgres  MICRO_N=20000
 *   MICRO_KEEP_LOG=<prefix>: the servers' logs are kept as <prefix>.<name>.log
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Agent, request } from "node:http"
import { freePort } from "../../e2e/support/server.js"
import { cpuMillis, stopAll } from "../processes.js"
import { postgresBackend, sqliteBackend } from "../backends.js"
import { seed } from "../seed.js"
import { startBaseline, startQuire, startScript } from "../servers.js"


const dir = mkdtempSync(join(tmpdir(), "quire-cpu-"))
let releaseBackend = async () => {}
try {
  const seeded = await seed({ filename: join(dir, "q.db"), spaces: 2000, serviceBudgetSeconds: 5, minServiceSpaces: 100 })
  const backend = process.env.MICRO_BACKEND === "postgres" ? await postgresBackend(seeded) : sqliteBackend(seeded, dir)
  releaseBackend = backend.release
  const port = await freePort()
  const options = { port, publicUrl: `http://127.0.0.1:${port}`, cpu: 0, dir }
  const server =
    process.env.MICRO_TARGET === "baseline"
      ? await startBaseline({ ...options, name: "baseline", main: backend.baselineMain, env: backend.baselineEnv })
      : process.env.MICRO_TARGET === "floor"
        ? await startScript("floor", join(import.meta.dirname, "floorServer.ts"), options)
        : await startQuire({ ...options, name: "quire", databaseUrl: backend.databaseUrl, cpuProfileDir: process.env.MICRO_PROF })
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  const get = (id: string) =>
    new Promise<void>((done, fail) => {
      const req = request(`${server.url}/v1/spaces/${id}`, { agent, headers: { authorization: `Bearer ${seeded.token}` } }, (res) => {
        if (res.statusCode !== 200) fail(new Error(`status ${res.statusCode}`))
        res.resume().on("end", done)
      })
      req.on("error", fail).end()
    })
  const run = async (n: number) => {
    let next = 0
    await Promise.all(
      Array.from({ length: Number(process.env.MICRO_C ?? 8) }, async () => {
        while (next < n) await get(seeded.spaceIds[next++ % seeded.spaceIds.length]!)
      })
    )
  }
  await run(3000)
  // The least of three rounds: other load on the machine only ever adds.
  const n = Number(process.env.MICRO_N ?? 10000)
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const before = cpuMillis(server.process.pid)
    await run(n)
    best = Math.min(best, ((cpuMillis(server.process.pid) - before) * 1000) / n)
  }
  const peakRss = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1]
  console.log(
    `${server.name}: ${best.toFixed(0)} µs of server CPU per GET /v1/spaces/{id} (best of 3 × ${n} requests); peak RSS ${Math.round(Number(peakRss) / 1024)} MB`
  )
} finally {
  await stopAll()
  // With BENCH_QUIRE_NODE_FLAGS="--trace-gc", the collector's lines are in the server's log.
  if (process.env.MICRO_KEEP_LOG) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".log"))) cpSync(join(dir, name), `${process.env.MICRO_KEEP_LOG}.${name}`)
  }
  await releaseBackend()
  rmSync(dir, { recursive: true, force: true })
}
