/**
 * `tsx test/bench/micro/importCost.ts`: where a zip import's time goes, in process, for
 * `MICRO_PAGES` (2000) generated pages written by `writeLayout` and zipped with fflate: unzip and
 * `readLayout` alone; `ContentEngine.importPages` of the same pages in one batch (engineS); the
 * whole `ContentImports.importIntoSpace` of the zip served on loopback, into an empty space and
 * again into the same space (a page's cost must not grow with the pages already there); and
 * apart, `readImport` and `addImportedPages` + the search index. On a SQLite file and on a fresh
 * Postgres database (`MICRO_BACKENDS=sqlite,postgres`); and a small zip (`MICRO_SMALL_PAGES`,
 * 200) into an empty space and into the one holding both big imports. Wall seconds, one run
 * each after a warm-up import of 50 pages.
 */
import {
  Actor,
  ContentEngine,
  ContentImports,
  Ids,
  makeGuardedFetcher,
  Fetcher,
  Organizations,
  parseAllowList,
  readImport,
  readLayout,
  SearchIndexer,
  Spaces,
  Storage,
  type StoragePorts,
  unzipFolder,
  Urls,
  Users,
  type OrganizationId,
  type RevisionId,
  type SpaceId,
  type UserRecord
} from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Either, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { addImportedPages } from "../../../packages/core/src/import/addImportedPages.js"
import { testAuthority } from "../../support/authority.js"
import { importCorpus } from "../import/importCorpus.js"
import { serveBytes } from "../import/serveBytes.js"
import { createDatabase } from "../postgresDatabase.js"

const pageCount = Number(process.env.MICRO_PAGES ?? 2000)
const backends = (process.env.MICRO_BACKENDS ?? "sqlite,postgres").split(",")

const seconds = async <A>(label: string, run: () => Promise<A>): Promise<A> => {
  const start = performance.now()
  const value = await run()
  console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(2)} s`)
  return value
}

const as =
  (user: UserRecord) =>
  <A, E, R>(self: Effect.Effect<A, E, R>) =>
    Effect.provideService(self, Actor, user)

const allowLoopback = makeGuardedFetcher({ allow: Either.getOrThrow(parseAllowList("127.0.0.1")) })

const services = (storage: Layer.Layer<StoragePorts, unknown>) =>
  Layer.mergeAll(ContentImports.Default, ContentEngine.Default, SearchIndexer.Default, Spaces.Default, Organizations.Default, Users.Default).pipe(
    Layer.provideMerge(Layer.mergeAll(storage, testAuthority, Ids.random, Urls.layer("http://quire.test"), Layer.succeed(Fetcher, allowLoopback)))
  )

const corpus = importCorpus(pageCount)
const warmCorpus = importCorpus(50)
const smallCorpus = importCorpus(Number(process.env.MICRO_SMALL_PAGES ?? 200))
console.log(`${corpus.pages.length} pages, ${corpus.files.size} layout files, a zip of ${(corpus.zip.length / 1024).toFixed(0)} KiB`)
const files = await seconds("unzipFolder", () => Effect.runPromise(unzipFolder(corpus.zip)))
await seconds("readLayout", () => Effect.runPromise(readLayout(files)))
await seconds("readLayout again (warm)", () => Effect.runPromise(readLayout(files)))

const zipServer = await serveBytes({ "/docs.zip": corpus.zip, "/warm.zip": warmCorpus.zip, "/small.zip": smallCorpus.zip })

const measure = (storage: Layer.Layer<StoragePorts, unknown>) =>
  Effect.gen(function* () {
    const engine = yield* ContentEngine
    const imports = yield* ContentImports
    const indexer = yield* SearchIndexer
    const storagePort = yield* Storage
    const spaces = yield* Spaces
    const admin = yield* Effect.flatMap(Users, (users) => users.create({ email: "ada@example.com", displayName: "Ada" }))
    const org = (yield* as(admin)(Effect.flatMap(Organizations, (o) => o.create({ title: "Acme" })))).id as OrganizationId
    const newSpace = (title: string) => as(admin)(spaces.create(org, { title }))
    const run = <A, E>(label: string, self: Effect.Effect<A, E>) => Effect.promise(() => seconds(label, () => Effect.runPromise(Effect.orDie(self))))
    const warm = yield* newSpace("Warm-up")
    yield* as(admin)(imports.importIntoSpace(warm.id, { url: `${zipServer.url}/warm.zip`, source: "zip" }))
    yield* run("engine.importPages (engineS)", engine.importPages(corpus.pages, { spaceId: warm.id }))
    const space = yield* newSpace("Import")
    yield* run("importIntoSpace, empty space (zipS)", as(admin)(imports.importIntoSpace(space.id, { url: `${zipServer.url}/docs.zip`, source: "zip" })))
    yield* run("importIntoSpace, same space again", as(admin)(imports.importIntoSpace(space.id, { url: `${zipServer.url}/docs.zip`, source: "zip" })))
    // A page's cost must not grow with the pages already there: a small zip into an empty space, then into the one above.
    const small = `${smallCorpus.pages.length} pages`
    const empty = yield* newSpace("Small")
    yield* run(`importIntoSpace ${small}, empty space`, as(admin)(imports.importIntoSpace(empty.id, { url: `${zipServer.url}/small.zip`, source: "zip" })))
    yield* run(`importIntoSpace ${small}, ${2 * corpus.pages.length}-page space`, as(admin)(imports.importIntoSpace(space.id, { url: `${zipServer.url}/small.zip`, source: "zip" })))
    const emptyAgain = yield* newSpace("Small again")
    yield* run(`importIntoSpace ${small}, empty space again`, as(admin)(imports.importIntoSpace(emptyAgain.id, { url: `${zipServer.url}/small.zip`, source: "zip" })))
    const reading = yield* run(
      "  readImport (fetch, unzip, readLayout)",
      Effect.provideService(readImport("zip", `${zipServer.url}/docs.zip`), Fetcher, allowLoopback)
    )
    const apart = yield* newSpace("Apart")
    const revisionId = yield* run(
      "  addImportedPages (empty space)",
      storagePort.transaction(addImportedPages(engine, apart.id as SpaceId, apart.revision as RevisionId, reading))
    )
    const outlines = new Map(reading.pages.flatMap(({ parsedBody }) => (parsedBody?.outline === undefined ? [] : [[parsedBody.body, parsedBody.outline] as const])))
    yield* run("  SearchIndexer.follow (the import's outlines)", storagePort.transaction(indexer.follow(apart.id as SpaceId, revisionId, { outlines })) as Effect.Effect<void>)
    const again = yield* newSpace("Apart again")
    const secondId = yield* storagePort.transaction(addImportedPages(engine, again.id as SpaceId, again.revision as RevisionId, reading))
    yield* run("  SearchIndexer.follow (reading every body)", storagePort.transaction(indexer.follow(again.id as SpaceId, secondId)) as Effect.Effect<void>)
  }).pipe(Effect.provide(services(storage)), Effect.scoped)

for (const backend of backends) {
  console.log(`\n${backend}:`)
  if (backend === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "quire-import-cost-"))
    try {
      await Effect.runPromise(Effect.orDie(measure(SqliteStorage.layer({ filename: join(dir, "q.db") }))))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  } else {
    const database = await createDatabase("import_cost")
    try {
      await Effect.runPromise(Effect.orDie(measure(PostgresStorage.layer({ url: database.url }))))
    } finally {
      await database.drop()
    }
  }
}
await zipServer.close()
