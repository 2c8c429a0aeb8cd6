/**
 * Reads on Postgres, in one process: `Spaces.get(id)` (random seeded ids, as the seeded user)
 * and `Spaces.list(org, { limit: 100 })` through Quire, against the very statements Quire sent
 * (recorded from `pg` during one call) issued with `pg` alone, as text and as named prepared
 * statements. Median and p99 µs per call over alternating rounds, and CPU µs per call of this
 * process and of Postgres (every `postgres` process, from /proc). Then the EXPLAIN (ANALYZE,
 * BUFFERS) of the list's page and count statements. The database is made for the run and dropped.
 *   MICRO_SPACES=10000  MICRO_N=2000 (calls per round)  MICRO_ROUNDS=5
 *   MICRO_OPS=get,list  MICRO_ONLY=quire (one contender, e.g. under --cpu-prof)
 */
import { Actor, type OrganizationId, QuireCore, type SpaceId, Spaces, UserRepository, type UserId } from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { createHash } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { PerformanceObserver } from "node:perf_hooks"
import pg from "pg"
import { seedPostgres } from "./pgSeed.js"

interface Recorded {
  readonly text: string
  readonly values: ReadonlyArray<unknown>
}

/** The statements `pg` is asked to run while `run` runs (every client of every pool in this process). */
const record = async (run: () => Promise<unknown>): Promise<Array<Recorded>> => {
  const proto = pg.Client.prototype as any
  const original = proto.query
  const seen: Array<Recorded> = []
  proto.query = function (this: unknown, config: any, values: any, ...rest: Array<unknown>) {
    if (typeof config === "string") seen.push({ text: config, values: Array.isArray(values) ? values : [] })
    else if (typeof config?.text === "string") seen.push({ text: config.text, values: config.values ?? [] })
    return original.call(this, config, values, ...rest)
  }
  try {
    await run()
  } finally {
    proto.query = original
  }
  return seen
}

/** User + system CPU of every `postgres` process, in µs (clock ticks of 10 ms). */
const postgresCpuUs = (): number => {
  let ticks = 0
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      if (!stat.includes("(postgres)")) continue
      const fields = stat.split(") ")[1]!.split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10_000
}

const processCpuUs = () => {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

/** Milliseconds of garbage collection so far (pauses of the main thread). */
let gcMs = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration
}).observe({ entryTypes: ["gc"] })

interface Figures {
  readonly times: Array<number>
  nodeCpuUs: number
  postgresCpuUs: number
  gcMs: number
  calls: number
}

const quantile = (sorted: ReadonlyArray<number>, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

const summary = (label: string, f: Figures) => {
  const sorted = [...f.times].sort((a, b) => a - b)
  const us = (ms: number) => `${Math.round(ms * 1000)}`.padStart(6)
  return (
    `  ${label.padEnd(20)} median ${us(quantile(sorted, 0.5))} µs   p99 ${us(quantile(sorted, 0.99))} µs   ` +
    `CPU/call: node ${`${Math.round(f.nodeCpuUs / f.calls)}`.padStart(4)} µs (GC ${`${Math.round((f.gcMs * 1000) / f.calls)}`.padStart(3)}), ` +
    `postgres ${`${Math.round(f.postgresCpuUs / f.calls)}`.padStart(4)} µs`
  )
}

const n = Number(process.env.MICRO_N ?? 2000)
const rounds = Number(process.env.MICRO_ROUNDS ?? 5)
const database = await seedPostgres(Number(process.env.MICRO_SPACES ?? 10000))
const { seeded } = database
console.log(`seeded ${seeded.spaceIds.length} spaces (${seeded.viaService} by the service) in ${seeded.seconds.toFixed(1)} s`)

const runtime = ManagedRuntime.make(
  QuireCore.layer({ publicUrl: "http://localhost" }).pipe(
    Layer.provideMerge(PostgresStorage.layer({ url: database.url })),
    // As `quire serve` runs.
    Layer.provide(Layer.setTracerEnabled(false))
  )
)
const pool = new pg.Pool({ connectionString: database.url })
try {
  const user = Option.getOrThrow(
    await runtime.runPromise(Effect.flatMap(UserRepository, (users) => users.findById(seeded.userId as UserId)))
  )
  const spaces = await runtime.runPromise(Spaces)
  const asUser = <A, E>(self: Effect.Effect<A, E, Actor>) => Effect.provideService(self, Actor, user)
  const ids = Array.from({ length: n }, () => seeded.spaceIds[Math.floor(Math.random() * seeded.spaceIds.length)]!)

  interface Operation {
    readonly quire: (i: number) => Effect.Effect<unknown, unknown>
    /** A space id the statements are recorded with, replaced in them by each call's. */
    readonly recordedWith: string | undefined
    readonly values: (recorded: Recorded, i: number) => ReadonlyArray<unknown>
  }
  const operations: Record<string, Operation> = {
    "Spaces.get": {
      quire: (i: number) => asUser(spaces.get(ids[i]! as SpaceId)),
      recordedWith: seeded.spaceIds[0]!,
      values: (recorded: Recorded, i: number) => recorded.values.map((v) => (v === seeded.spaceIds[0] ? ids[i] : v))
    },
    "Spaces.list(100)": {
      quire: (_: number) => asUser(spaces.list(seeded.organizationId as OrganizationId, { limit: 100 })),
      recordedWith: undefined,
      values: (recorded: Recorded, _: number) => recorded.values
    }
  }

  const ops = (process.env.MICRO_OPS ?? "get,list").split(",")
  for (const [label, operation] of Object.entries(operations)) {
    if (!ops.some((op) => label.toLowerCase().includes(op))) continue
    const statements = await record(() =>
      runtime.runPromise(operation.recordedWith === undefined ? operation.quire(0) : asUser(spaces.get(operation.recordedWith as SpaceId)))
    )
    console.log(`\n${label}: ${statements.length} statement(s)`)
    for (const s of statements) console.log(`    ${s.text.replace(/\s+/g, " ")}`)

    const quire = (count: number) =>
      runtime.runPromise(
        Effect.gen(function* () {
          const times: Array<number> = []
          for (let i = 0; i < count; i++) {
            const start = performance.now()
            yield* operation.quire(i)
            times.push(performance.now() - start)
          }
          return times
        })
      )
    const names = statements.map((s) => `m${createHash("sha1").update(s.text).digest("hex").slice(0, 16)}`)
    const raw = (prepared: boolean) => async (count: number) => {
      const times: Array<number> = []
      for (let i = 0; i < count; i++) {
        const start = performance.now()
        for (let k = 0; k < statements.length; k++) {
          const s = statements[k]!
          const values = operation.values(s, i) as Array<unknown>
          if (prepared) await pool.query({ name: names[k]!, text: s.text, values, rowMode: "array" })
          else await pool.query(s.text, values)
        }
        times.push(performance.now() - start)
      }
      return times
    }
    const contenders: Record<string, (count: number) => Promise<Array<number>>> = {
      quire,
      "pg, text": raw(false),
      "pg, prepared arrays": raw(true)
    }
    for (const name of Object.keys(contenders)) {
      if (process.env.MICRO_ONLY && name !== process.env.MICRO_ONLY) delete contenders[name]
    }
    const figures: Record<string, Figures> = {}
    for (const [name, run] of Object.entries(contenders)) {
      await run(Math.min(n, 500))
      figures[name] = { times: [], nodeCpuUs: 0, postgresCpuUs: 0, gcMs: 0, calls: 0 }
    }
    for (let round = 0; round < rounds; round++) {
      for (const [name, run] of Object.entries(contenders)) {
        const f = figures[name]!
        const node = processCpuUs()
        const postgres = postgresCpuUs()
        const gc = gcMs
        f.times.push(...(await run(n)))
        f.gcMs += gcMs - gc
        f.nodeCpuUs += processCpuUs() - node
        f.postgresCpuUs += postgresCpuUs() - postgres
        f.calls += n
      }
    }
    for (const [name, f] of Object.entries(figures)) console.log(summary(name, f))

    if (label.startsWith("Spaces.list")) {
      for (const s of statements.filter((s) => /FROM spaces/.test(s.text))) {
        const count = /COUNT\(\*\)/.test(s.text)
        const kind = /ORDER BY/.test(s.text) ? (count ? "page (and count)" : "page") : "count"
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values as Array<unknown>)
        console.log(`\n  EXPLAIN (ANALYZE, BUFFERS) of the ${kind} statement:`)
        for (const row of plan.rows) console.log(`    ${row["QUERY PLAN"]}`)
        // What a named prepared statement may settle on after five runs.
        const client = await pool.connect()
        try {
          await client.query("SET plan_cache_mode = force_generic_plan")
          await client.query(`PREPARE generic AS ${s.text}`)
          const args = s.values.map((v) => (typeof v === "number" ? String(v) : client.escapeLiteral(String(v))))
          const generic = await client.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE generic(${args.join(", ")})`)
          console.log(`  its generic plan:`)
          for (const row of generic.rows) console.log(`    ${row["QUERY PLAN"]}`)
        } finally {
          await client.query("DEALLOCATE ALL").catch(() => undefined)
          await client.query("RESET plan_cache_mode").catch(() => undefined)
          client.release()
        }
      }
    }
  }
} finally {
  await pool.end()
  await runtime.dispose()
  await database.drop()
}
