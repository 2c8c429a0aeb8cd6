/** The hot read's SQL alone in better-sqlite3, on a seeded file: what the statement costs without any Effect. */
import Database from "better-sqlite3"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { seed } from "../seed.js"

const dir = mkdtempSync(join(tmpdir(), "quire-raw-"))
try {
  const seeded = await seed({ filename: join(dir, "q.db"), spaces: Number(process.env.MICRO_SPACES ?? 2000), serviceBudgetSeconds: 5, minServiceSpaces: 100 })
  const db = new Database(seeded.filename)
  if (process.env.MICRO_PRAGMAS) for (const p of process.env.MICRO_PRAGMAS.split(";")) db.pragma(p)
  const user = (db.prepare("SELECT user_id FROM api_tokens").get() as { user_id: string }).user_id
  const queries = {
    "space by id": "SELECT * FROM spaces WHERE ? IS NOT NULL AND id = ?",
    "space + membership": "SELECT s.*, m.* FROM spaces s LEFT JOIN members m ON m.organization_id = s.organization_id AND m.user_id = ? WHERE s.id = ?"
  }
  for (const [label, text] of Object.entries(queries)) {
    const stmt = db.prepare(text)
    console.log(label, db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(user, seeded.spaceIds[0]).map((r: any) => r.detail).join(" | "))
    for (const mode of ["same id", "random ids", "random ids, get", "random ids, raw"]) {
      const n = 50000
      let best = Infinity
      for (let round = 0; round < 3; round++) {
        const start = performance.now()
        const ids = seeded.spaceIds
        if (mode === "same id") for (let i = 0; i < n; i++) stmt.all(user, ids[0])
        else if (mode === "random ids") for (let i = 0; i < n; i++) stmt.all(user, ids[i % ids.length])
        else if (mode === "random ids, get") for (let i = 0; i < n; i++) stmt.get(user, ids[i % ids.length])
        else {
          stmt.raw(true)
          for (let i = 0; i < n; i++) stmt.all(user, ids[i % ids.length])
          stmt.raw(false)
        }
        best = Math.min(best, ((performance.now() - start) / n) * 1000)
      }
      console.log(`  ${mode.padEnd(12)} ${best.toFixed(1)} µs`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
