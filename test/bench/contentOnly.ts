/**
 * The content section alone, without servers or wrk: `npx tsx test/bench/contentOnly.ts`
 * (BENCH_CONTENT_PAGES=10,10000 to choose the sizes; BENCH_BACKENDS=sqlite,postgres the storage).
 * Prints the same table as `pnpm bench`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { postgresContentStorage, sqliteContentStorage } from "./backends.js"
import { type ContentStorage, measureContent } from "./contentEngine.js"
import { contentRows } from "./contentSection.js"

const dir = mkdtempSync(join(tmpdir(), "quire-content-bench-"))
const storages: Record<string, ContentStorage> = { sqlite: sqliteContentStorage(dir), postgres: postgresContentStorage }
try {
  const sizes = (process.env.BENCH_CONTENT_PAGES ?? "10,10000").split(",").map(Number)
  for (const backend of (process.env.BENCH_BACKENDS ?? "sqlite").split(",").map((b) => b.trim())) {
    const storage = storages[backend]
    if (!storage) throw new Error(`BENCH_BACKENDS: unknown backend "${backend}"`)
    console.log(backend)
    for (const row of contentRows(await measureContent(storage, sizes))) console.log(`  ${row.figure.padEnd(34)} ${row.quire}`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
