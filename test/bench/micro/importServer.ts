/**
 * `tsx test/bench/micro/importServer.ts`: `pnpm bench`'s import block alone, on a small seed:
 * the built server (`pnpm build` first) pinned to `MICRO_CPU` (0) as the bench starts it, on the
 * backends of `MICRO_BACKENDS` (sqlite); the 2,000-page zip imported `MICRO_ZIPS` (2) times into
 * fresh spaces (the first import of a fresh server, then a warm one), then the Git import
 * `MICRO_GITS` (1) times, then
 * the engine's in process (engineS, after one untimed, pinned to `MICRO_CPU`). Each with its wall seconds and the CPU seconds it took (the
 * server's, all its threads, from /proc; the engine's, this process's), less noisy than wall
 * time on a shared machine. `MICRO_THREADS=1` splits the server's CPU by thread (the markdown
 * worker is the busiest after main; the rest are V8's GC helpers). `MICRO_GIT=0` skips Git.
 * `MICRO_CPU_PROF=<dir>` writes the server's main-thread CPU profile.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Backend, postgresBackend, sqliteBackend } from "../backends.js"
import { importCorpus } from "../import/importCorpus.js"
import { measureEngineImport } from "../import/importInProcess.js"
import { gitImport, IMPORT_PAGES, pushedRepository, zipImport } from "../import/importSection.js"
import { cpuMillis, threadCpuMillis } from "../processes.js"
import { seed } from "../seed.js"
import { startQuire } from "../servers.js"
import { freePort } from "../../e2e/support/server.js"

const backends = (process.env.MICRO_BACKENDS ?? "sqlite").split(",")
const cpu = Number(process.env.MICRO_CPU ?? 0)
const zips = Number(process.env.MICRO_ZIPS ?? 2)
const gits = process.env.MICRO_GIT === "0" ? 0 : Number(process.env.MICRO_GITS ?? 1)
const corpus = importCorpus(IMPORT_PAGES)
const dir = mkdtempSync(join(tmpdir(), "quire-import-server-"))
/** Each thread's CPU milliseconds since the last call (the first call: since it started), from /proc. */
const threadCpu = {
  seen: new Map<string, number>(),
  since(pid: number) {
    const out: Array<[string, number]> = []
    for (const { tid, name, ms } of threadCpuMillis(pid)) {
      const used = ms - (this.seen.get(tid) ?? 0)
      if (used >= 30) out.push([`${tid === String(pid) ? "main" : tid} (${name})`, used])
      this.seen.set(tid, ms)
    }
    return out
  }
}
const row = (label: string, wallS: number, cpuS: number) => console.log(`  ${label.padEnd(34)} ${wallS.toFixed(2).padStart(6)} s wall ${cpuS.toFixed(2).padStart(6)} s CPU`)
try {
  const seeded = await seed({ filename: join(dir, "quire.db"), spaces: 2, serviceBudgetSeconds: 60, minServiceSpaces: 2 })
  for (const name of backends) {
    const backend: Backend = name === "postgres" ? await postgresBackend(seeded) : sqliteBackend(seeded, dir)
    console.log(`${backend.title}, ${IMPORT_PAGES} pages:`)
    try {
      const port = await freePort()
      const quire = await startQuire({
        name: `quire-${name}`,
        port,
        publicUrl: `http://127.0.0.1:${port}`,
        cpu,
        dir,
        databaseUrl: backend.databaseUrl,
        cpuProfileDir: process.env.MICRO_CPU_PROF ? join(process.env.MICRO_CPU_PROF, name) : undefined
      })
      const target = { url: quire.url, token: seeded.token }
      const serverCpu = async (label: string, run: () => Promise<number>) => {
        const before = cpuMillis(quire.process.pid)
        const wallS = await run()
        row(label, wallS, (cpuMillis(quire.process.pid) - before) / 1000)
        if (process.env.MICRO_THREADS) for (const [thread, ms] of threadCpu.since(quire.process.pid)) console.log(`    ${thread.padEnd(24)} ${ms} ms CPU`)
      }
      try {
        for (let n = 1; n <= zips; n++) await serverCpu(`zip import ${n} (server)`, () => zipImport(target, seeded.organizationId, corpus))
        if (gits > 0) {
          const repository = await pushedRepository(corpus)
          try {
            for (let n = 1; n <= gits; n++) await serverCpu(`Git import ${n} (server)`, () => gitImport(target, seeded.organizationId, repository, false))
          } finally {
            await repository.close()
          }
        }
      } finally {
        await quire.process.stop()
      }
      const before = process.cpuUsage()
      const [engineS] = await measureEngineImport(backend, seeded, corpus, cpu, 1)
      const used = process.cpuUsage(before)
      row("engine importPages (this process)", engineS!, (used.user + used.system) / 1e6)
    } finally {
      await backend.release()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
