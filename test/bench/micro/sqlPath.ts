/** Cost of one indexed lookup through @effect/sql in its different forms, against better-sqlite3 itself. */
import { SqlClient } from "@effect/sql"
import { SqliteStorage } from "@quire/storage-sqlite"
import Database from "better-sqlite3"
import { Effect, Layer, ManagedRuntime } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const filename = join(mkdtempSync(join(tmpdir(), "quire-sql-")), "q.db")
const runtime = ManagedRuntime.make(
  Layer.merge(SqliteStorage.layer({ filename }), SqliteStorage.client({ filename })).pipe(Layer.provideMerge(Layer.setTracerEnabled(false)))
)
await runtime.runPromise(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE TABLE t (id TEXT PRIMARY KEY, organization_id TEXT, title TEXT, created_at TEXT)`
    for (let i = 0; i < 100; i++) yield* sql`INSERT INTO t ${sql.insert({ id: `id${i}`, organizationId: "o", title: `T${i}`, createdAt: "x" })}`
  })
)
const time = async (label: string, effect: Effect.Effect<unknown, unknown, any>, n = 20000) => {
  await runtime.runPromise(Effect.repeatN(effect, 2000) as any)
  let best = Infinity
  for (let r = 0; r < 3; r++) {
    const start = performance.now()
    await runtime.runPromise(Effect.repeatN(effect, n - 1) as any)
    best = Math.min(best, ((performance.now() - start) / n) * 1000)
  }
  console.log(`${label.padEnd(40)} ${best.toFixed(1)} µs`)
}
await time("Effect.void", Effect.void)
await time("sql template", Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT id, organization_id, title, created_at FROM t WHERE id = ${"id5"}`))
await time("sql.unsafe", Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe("SELECT id, organization_id, title, created_at FROM t WHERE id = ?", ["id5"])))
await time("sql template .unprepared", Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT id, organization_id, title, created_at FROM t WHERE id = ${"id5"}`.unprepared))
await time(
  "reserve + connection.execute (no Statement)",
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.scoped(
      Effect.flatMap(sql.reserve, (connection) =>
        connection.execute("SELECT id, organization_id, title, created_at FROM t WHERE id = ?", ["id5"], undefined)
      )
    )
  )
)
await time("sql.unsafe .raw", Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe("SELECT id, organization_id, title, created_at FROM t WHERE id = ?", ["id5"]).raw))
const db = new Database(filename)
const stmt = db.prepare("SELECT id, organization_id, title, created_at FROM t WHERE id = ?")
const start = performance.now()
for (let i = 0; i < 20000; i++) stmt.all("id5")
console.log(`${"better-sqlite3 prepared all".padEnd(40)} ${(((performance.now() - start) / 20000) * 1000).toFixed(1)} µs`)
await runtime.dispose()
