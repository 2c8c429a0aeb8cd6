/**
 * `tsx test/bench/micro/searchCost.ts`: what one search costs in process (no HTTP), per query
 * class of the search bench, on a SQLite file holding the bench's corpus: median wall and CPU
 * milliseconds of `Search.space` (the focus space) and `Search.organization` (every space), with
 * the wall p99 and how many calls took over twice the median + 1 ms (the bench's p99 bar's shape).
 *   MICRO_SPACES=<n>  corpus spaces (200)      MICRO_RUNS=<n>  timed calls per class (40)
 *   MICRO_WARMUP=<n>  untimed calls before them (5)
 *   MICRO_SEED_CACHE=<dir>  seed once there, copy for later runs
 *   MICRO_CLASSES=rare,common  only these classes
 *   MICRO_BACKEND=postgres  the same rows copied into a Postgres database made for the run
 *   MICRO_SNAPSHOT_AT=<i>  a heap snapshot after call i of each class and scope (MICRO_SNAPSHOT_FILE, /tmp/search.heapsnapshot)
 *   MICRO_PROFILE=<dir>  a CPU profile of the timed calls only, one file per class and scope
 *     (`<class>-<scope>.cpuprofile`; read it with `cpuProfileReport.ts`), without the seeding and copying
 */
// First, as `quire` does: no allocation-site pretenuring (see v8Flags.ts), or the collector figures are not the server's.
import "../../../packages/cli/src/v8Flags.js"
import { Actor, Collections, Content, ContentEngine, Ids, Organizations, Search, Spaces, Urls, Users, type OrganizationId, type SpaceId } from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, Option } from "effect"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { writeHeapSnapshot } from "node:v8"
import { profiled } from "./profiled.js"
import { tsvectorText } from "../../../adapters/sql/src/search/tsvector.js"
import { testAuthority } from "../../support/authority.js"
import { copySqliteToPostgres } from "../copyToPostgres.js"
import { createDatabase } from "../postgresDatabase.js"
import { DEFAULT_CORPUS, generateCorpus } from "../search/corpus.js"
import { seedCorpus } from "../search/seedCorpus.js"

const spacesWanted = Number(process.env.MICRO_SPACES ?? DEFAULT_CORPUS.spaces)
const runs = Number(process.env.MICRO_RUNS ?? 40)
const warmup = Number(process.env.MICRO_WARMUP ?? 5)
const only = process.env.MICRO_CLASSES?.split(",")
const corpus = generateCorpus({ ...DEFAULT_CORPUS, spaces: spacesWanted })

const servicesOn = <E>(storage: Layer.Layer<any, E>) =>
  Layer.mergeAll(Search.Default, Content.Default, ContentEngine.Default, Collections.Default, Spaces.Default, Organizations.Default, Users.Default).pipe(
    Layer.provideMerge(Layer.mergeAll(storage, testAuthority, Ids.random, Urls.layer("http://quire.test")))
  )
const layerOn = (filename: string) => servicesOn(SqliteStorage.layer({ filename }))

interface Seeded {
  readonly userEmail: string
  readonly organizationId: string
  readonly spaceIds: ReadonlyArray<string>
}

const seedInto = (filename: string) =>
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email: "bench@example.com", displayName: "Bench" })
    const seeded = yield* Effect.provideService(seedCorpus(corpus), Actor, user)
    return { userEmail: user.email, organizationId: seeded.organizationId, spaceIds: seeded.spaceIds } satisfies Seeded
  }).pipe(Effect.provide(layerOn(filename)), Effect.scoped)

const prepare = async (): Promise<{ filename: string; seeded: Seeded }> => {
  const cache = process.env.MICRO_SEED_CACHE ?? mkdtempSync(join(tmpdir(), "quire-search-cost-"))
  const cached = join(cache, `search-${spacesWanted}.db`)
  const described = `${cached}.json`
  if (!existsSync(described)) {
    mkdirSync(cache, { recursive: true })
    console.log(`Seeding ${corpus.pageCount} pages in ${spacesWanted} spaces into ${cached} …`)
    writeFileSync(described, JSON.stringify(await Effect.runPromise(seedInto(cached) as Effect.Effect<Seeded, unknown>)))
  }
  const filename = join(mkdtempSync(join(tmpdir(), "quire-search-cost-run-")), "q.db")
  copyFileSync(cached, filename)
  return { filename, seeded: JSON.parse(readFileSync(described, "utf8")) as Seeded }
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const { filename, seeded } = await prepare()

const program = Effect.gen(function* () {
  const search = yield* Search
  const users = yield* Users
  const user = Option.getOrThrow(yield* users.findByEmail(seeded.userEmail))
  const asUser = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.provideService(self, Actor, user)
  const focus = seeded.spaceIds[corpus.focusSpace] as SpaceId
  const org = seeded.organizationId as OrganizationId
  console.log(`class`.padEnd(12), "space wall / cpu ms".padEnd(22), "org wall / cpu ms".padEnd(22), "org pages")
  for (const queryClass of corpus.classes) {
    if (only !== undefined && !only.includes(queryClass.name)) continue
    const measure = <A>(scope: string, call: (query: string) => Effect.Effect<A, unknown>) =>
      Effect.gen(function* () {
        const wall: Array<number> = []
        const cpu: Array<number> = []
        let last: A | undefined
        for (let i = 0; i < runs + warmup; i++) {
          const query = queryClass.queries[i % queryClass.queries.length]!
          const w = performance.now()
          const c = cpuMs()
          last = yield* call(query)
          if (process.env.MICRO_SNAPSHOT_AT !== undefined && i === Number(process.env.MICRO_SNAPSHOT_AT)) {
            console.log(`heap snapshot: ${writeHeapSnapshot(process.env.MICRO_SNAPSHOT_FILE ?? "/tmp/search.heapsnapshot")}`)
          }
          if (i === warmup - 1) yield* profiled.start
          if (i >= warmup) {
            wall.push(performance.now() - w)
            cpu.push(cpuMs() - c)
            if (process.env.MICRO_TRACE_SLOW && wall[wall.length - 1]! > 2) console.log(`slow call ${i}: wall ${wall[wall.length - 1]!.toFixed(2)} cpu ${cpu[cpu.length - 1]!.toFixed(2)}`)
          }
        }
        yield* profiled.stop(`${queryClass.name}-${scope}`)
        const sorted = [...wall].sort((a, b) => a - b)
        const p99 = sorted[Math.max(0, Math.ceil(0.99 * sorted.length) - 1)]!
        const slow = 2 * median(wall) + 1
        const over = wall.filter((ms) => ms > slow).length
        return { text: `${median(wall).toFixed(2)} / ${median(cpu).toFixed(2)} (p99 ${p99.toFixed(2)}, ${over} over 2×+1)`, last }
      })
    const heap = () => {
      ;(globalThis as { gc?: () => void }).gc?.()
      return process.memoryUsage().heapUsed
    }
    const before = heap()
    const inSpace = yield* measure("space", (query) => asUser(search.space(focus, { query })))
    const inOrg = yield* measure("org", (query) => asUser(search.organization(org, { query })))
    if (process.env.MICRO_HEAP) console.log(`  heap kept per call: ${((heap() - before) / (2 * (runs + warmup))).toFixed(0)} bytes`)
    const pages = (inOrg.last as { items: ReadonlyArray<{ pages: ReadonlyArray<unknown> }> }).items.reduce((n, s) => n + s.pages.length, 0)
    console.log(queryClass.name.padEnd(12), inSpace.text.padEnd(22), inOrg.text.padEnd(22), pages)
  }
})

if (process.env.MICRO_BACKEND === "postgres") {
  const database = await createDatabase("search_cost")
  try {
    const storage = PostgresStorage.layer({ url: database.url })
    await Effect.runPromise(Effect.scoped(Layer.build(storage)) as Effect.Effect<unknown, unknown>)
    await copySqliteToPostgres(filename, database.url, {
      search_sections: { document: (row) => tsvectorText({ title: String(row.title_terms), heading: String(row.heading_terms), body: String(row.body_terms) }) }
    })
    await Effect.runPromise(program.pipe(Effect.provide(servicesOn(storage)), Effect.scoped) as Effect.Effect<void, unknown>)
  } finally {
    await database.drop()
  }
} else {
  await Effect.runPromise(program.pipe(Effect.provide(layerOn(filename)), Effect.scoped) as Effect.Effect<void>)
}
