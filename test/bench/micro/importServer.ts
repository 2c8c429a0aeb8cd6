/**
 * `tsx test/bench/micro/importServer.ts`: `pnpm bench`'s import block alone, on a small seed:
 * the built server (`pnpm build` first) pinned to `MICRO_CPU` (0) as the bench starts it, on the
 * backends of `MICRO_BACKENDS` (sqlite); the 2,000-page zip imported `MICRO_ZIPS` (2) times into
 * fresh spaces (the first import of a fresh server, then a warm one), then the Git import, then
 * the engine's in process (engineS). Each with its wall seconds and the CPU seconds it took (the
 * server's, all its threads, from /proc; the engine's, this process's), less noisy than wall
 * time on a shared machine. `MICRO_CPU_PROF=<dir>` writes the server's main-thread CPU profile.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Backend, postgresBackend, sqliteBackend } from "../backends.js"
import { importCorpus } from "../import/importCorpus.js"
import { measureEngineImport } from "../import/importInProcess.js"
import { gitImport, IMPORT_PAGES, zipImport } from "../import/importSection.js"
import { cpuMillis } from "../processes.js"
import { seed } from "../seed.js"
import { startQuire } from "../servers.js"
import { freePort } from "../../e2e/support/server.js"

const backends = (process.env.MICRO_BACKENDS ?? "sqlite").split(",")
const cpu = Number(process.env.MICRO_CPU ?? 0)
const zips = Number(process.env.MICRO_ZIPS ?? 2)
const corpus = importCorpus(IMPORT_PAGES)
const dir = mkdtempSync(join(tmpdir(), "quire-import-server-"))
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
      }
      try {
        for (let n = 1; n <= zips; n++) await serverCpu(`zip import ${n} (server)`, () => zipImport(target, seeded.organizationId, corpus))
        await serverCpu("Git import (server)", () => gitImport(target, seeded.organizationId, corpus))
      } finally {
        await quire.process.stop()
      }
      const before = process.cpuUsage()
      const engineS = await measureEngineImport(backend, seeded, corpus)
      const used = process.cpuUsage(before)
      row("engine importPages (this process)", engineS, (used.user + used.system) / 1e6)
    } finally {
      await backend.release()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
