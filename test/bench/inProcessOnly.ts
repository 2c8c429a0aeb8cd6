/**
 * The in-process measurements alone, without servers or wrk: `pnpm exec tsx test/bench/inProcessOnly.ts`.
 * Seeds a fresh SQLite file and measures there; with `BENCH_BACKENDS=sqlite,postgres`, also in
 * a fresh Postgres database holding a copy of the same rows (as `pnpm bench` makes it), dropped
 * at the end. `BENCH_SPACES` (10000), `BENCH_INPROCESS_ITERATIONS` (2000).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Backend, postgresBackend, sqliteBackend } from "./backends.js"
import { type FacadeFigures, type InProcessFigures, measureFacadeRead, measureInProcess } from "./inProcess.js"
import { seed } from "./seed.js"

const names = (process.env.BENCH_BACKENDS ?? "sqlite").split(",").map((b) => b.trim())
const spaces = Number(process.env.BENCH_SPACES ?? 10_000)
const iterations = Number(process.env.BENCH_INPROCESS_ITERATIONS ?? 2_000)

const print = (title: string, figures: InProcessFigures, facade: FacadeFigures) => {
  const us = (n: number) => n.toFixed(1).padStart(9)
  console.log(`\n${title}`)
  console.log(`${"µs".padEnd(8)} ${"quire p50".padStart(9)} ${"quire p99".padStart(9)} ${"raw p50".padStart(9)} ${"raw p99".padStart(9)}  p50 ratio`)
  for (const [operation, { quire, raw }] of Object.entries(figures)) {
    const ratio = (quire.medianUs / raw.medianUs).toFixed(2)
    console.log(`${operation.padEnd(8)} ${us(quire.medianUs)} ${us(quire.p99Us)} ${us(raw.medianUs)} ${us(raw.p99Us)}  ${ratio.padStart(9)}`)
  }
  const ratio = (facade.facade.medianUs / facade.effect.medianUs).toFixed(2)
  console.log(`read via @quire/embed: facade p50 ${facade.facade.medianUs.toFixed(1)} p99 ${facade.facade.p99Us.toFixed(1)}, Effect p50 ${facade.effect.medianUs.toFixed(1)} p99 ${facade.effect.p99Us.toFixed(1)}, ratio ${ratio} (bar: 1.25)`)
}

const dir = mkdtempSync(join(tmpdir(), "quire-inprocess-bench-"))
const backends: Array<Backend> = []
try {
  const seeded = await seed({ filename: join(dir, "bench.db"), spaces, serviceBudgetSeconds: 20, minServiceSpaces: 100 })
  console.log(`seeded ${seeded.spaceIds.length} spaces (${seeded.viaService} through the service) in ${seeded.seconds.toFixed(1)} s`)
  // Every backend is prepared before any is measured: the measurement writes.
  for (const name of names) backends.push(name === "postgres" ? await postgresBackend(seeded) : sqliteBackend(seeded, dir))
  for (const backend of backends) {
    const started = performance.now()
    const target = {
      backend: backend.name,
      database: backend.database,
      organizationId: seeded.organizationId,
      userId: seeded.userId,
      spaceIds: seeded.spaceIds
    }
    const figures = await measureInProcess(target, { iterations })
    const facade = await measureFacadeRead(target, { iterations })
    print(`${backend.title}, ${spaces} spaces (${((performance.now() - started) / 1000).toFixed(1)} s)`, figures, facade)
  }
} finally {
  for (const backend of backends) await backend.release()
  rmSync(dir, { recursive: true, force: true })
}
