/**
 * `tsx test/bench/micro/engineCold.ts`: `ContentEngine.importPages` of the import bench's
 * 2,000 pages (`MICRO_PAGES`) in a process that has parsed no markdown before, `MICRO_ROUNDS`
 * (3) times into fresh spaces on a SQLite file: the first round pays the JIT compilation of the
 * markdown parser and printer (V8's compiler threads, counted in the process's CPU), the next
 * ones do not. `pnpm bench`'s engineS is measured in the bench process after it has written
 * the corpus (every page parsed and printed): the warm figure.
 */
import { Actor, ContentEngine, Ids, Organizations, Spaces, Urls, Users, type OrganizationId, type SpaceId } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { testAuthority } from "../../support/authority.js"
import { spaceOfSize } from "../contentEngine.js"

const pageCount = Number(process.env.MICRO_PAGES ?? 2000)
const rounds = Number(process.env.MICRO_ROUNDS ?? 3)
// The import bench's pages (`importCorpus`), without writing them as files: nothing is parsed here before the engine.
const pages = spaceOfSize(pageCount).map((page) => (page.type === "group" ? page : { ...page, slug: `page-${page.id}` }))
const dir = mkdtempSync(join(tmpdir(), "quire-engine-cold-"))

const services = Layer.mergeAll(ContentEngine.Default, Spaces.Default, Organizations.Default, Users.Default).pipe(
  Layer.provideMerge(
    Layer.mergeAll(SqliteStorage.layer({ filename: join(dir, "q.db") }), testAuthority, Ids.random, Urls.layer("http://quire.test"))
  )
)

const program = Effect.gen(function* () {
  const admin = yield* Effect.flatMap(Users, (users) => users.create({ email: "ada@example.com", displayName: "Ada" }))
  const org = (yield* Effect.provideService(Effect.flatMap(Organizations, (o) => o.create({ title: "Acme" })), Actor, admin)).id as OrganizationId
  const engine = yield* ContentEngine
  for (let round = 1; round <= rounds; round++) {
    const space = yield* Effect.provideService(Effect.flatMap(Spaces, (spaces) => spaces.create(org, { title: `Round ${round}` })), Actor, admin)
    const cpu = process.cpuUsage()
    const start = performance.now()
    yield* engine.importPages(pages, { spaceId: space.id as SpaceId })
    const used = process.cpuUsage(cpu)
    console.log(`  importPages round ${round}: ${((performance.now() - start) / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`)
  }
})

try {
  console.log(`${pages.length} pages, SQLite:`)
  await Effect.runPromise(Effect.orDie(program.pipe(Effect.provide(services), Effect.scoped)))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
