/**
 * The content section alone, without servers or wrk: `npx tsx test/bench/contentOnly.ts`
 * (BENCH_CONTENT_PAGES=10,10000 to choose the sizes). Prints the same table as `pnpm bench`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { contentRows } from "./contentSection.js"
import { measureContent } from "./contentEngine.js"

const dir = mkdtempSync(join(tmpdir(), "quire-content-bench-"))
try {
  const sizes = (process.env.BENCH_CONTENT_PAGES ?? "10,10000").split(",").map(Number)
  const figures = await measureContent(dir, sizes)
  for (const row of contentRows(figures)) console.log(`${row.figure.padEnd(34)} ${row.quire}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
