/**
 * The startup section alone: `pnpm build && pnpm exec tsx test/bench/startupOnly.ts`
 * (`BENCH_STARTUP_RUNS`, 7). Prints the same table as `pnpm bench`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readConfig } from "./config.js"
import { formatTable } from "./report.js"
import { startupResult } from "./startup.js"

const dir = mkdtempSync(join(tmpdir(), "quire-startup-bench-"))
try {
  const result = await startupResult(dir, readConfig().startupRuns)
  console.log(formatTable([["startup", result]]))
  console.log(JSON.stringify({ startup: result.json }))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
