/**
 * Site structure commands racing through two "servers" (two core layers, each over storage of
 * its own on one database; memory has one store): sections added, site spaces added and moved,
 * all at once. Every command succeeds (Postgres retries the ones SERIALIZABLE refuses), none is
 * lost, and the structure they leave keeps every invariant.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  type Actor,
  type Authorized,
  Ids,
  QuireCore,
  SiteRepository,
  Sites,
  SiteStructures,
  Spaces,
  type StoragePorts,
  structureViolations,
  type SiteId,
  type Structure
} from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { type Context, Effect, Layer, Option, type Scope } from "effect"
import { PersistentMapsLive } from "../../packages/core/src/content/store/index.js"
import { testAuthority } from "../support/authority.js"
import { memoryStorage } from "../support/memory.js"
import { as, newOrganization, newUser } from "../support/people.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { tempSqliteFile } from "../support/sqlite.js"

type Services = Layer.Layer.Success<ReturnType<typeof QuireCore.layer>> | StoragePorts | Authorized
type Server = Context.Context<Services>
type Servers = Effect.Effect<readonly [Server, Server], unknown, Scope.Scope>

const build = (storage: Layer.Layer<StoragePorts, unknown>) =>
  Layer.build(
    QuireCore.layer({ publicUrl: "http://quire.test" }).pipe(
      Layer.provideMerge(PersistentMapsLive.pipe(Layer.provideMerge(Layer.mergeAll(storage, testAuthority, Ids.random))))
    )
  ) as Effect.Effect<Server, unknown, Scope.Scope>

const memoryServers: Servers = Effect.map(build(memoryStorage), (server) => [server, server] as const)

/**
 * One SQLite server for both: two connections to one file in one thread would block each other
 * in the driver's busy wait (synchronous) until its timeout. Two processes on one file are fine.
 */
const sqliteServers: Servers = Effect.gen(function* () {
  const filename = yield* tempSqliteFile
  const server = yield* build(SqliteStorage.layer({ filename }))
  return [server, server] as const
})

const postgresServers: Servers = Effect.gen(function* () {
  const url = yield* freshPostgresDatabase
  const first = yield* build(PostgresStorage.layer({ url, maxConnections: 8 }))
  return [first, yield* build(PostgresStorage.layer({ url, maxConnections: 8 }))] as const
})

const structureOf = (siteId: SiteId) =>
  Effect.gen(function* () {
    const sites = yield* SiteRepository
    const site = Option.getOrThrow(yield* sites.findById(siteId))
    const rows = yield* sites.structure(siteId)
    return { ...rows, siteId, defaultSectionId: site.defaultSectionId, defaultSiteSpaceId: site.defaultSiteSpaceId } satisfies Structure
  })

const SECTIONS = 8
const SITE_SPACES = 6

const concurrentStructure = (name: string, servers: Servers) =>
  describe(`concurrent site structure commands: ${name}`, () => {
    it.scopedLive("sections added and site spaces added and moved at once are all kept, and the invariants hold", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const setup = yield* Effect.provide(
          Effect.gen(function* () {
            const admin = yield* newUser("Ada Admin")
            const org = yield* newOrganization(admin)
            const spaces = yield* Spaces
            const made = []
            for (let i = 0; i < SECTIONS + SITE_SPACES + 2; i++) made.push(yield* as(admin)(spaces.create(org, { title: `Space ${i}` })))
            const site = yield* as(admin)((yield* Sites).create(org, { title: "Docs", spaces: [made[0]!.id, made[1]!.id] }))
            return { admin, org, site, spaces: made.slice(2).map((s) => s.id) }
          }),
          one
        )
        const on = (i: number) => (i % 2 === 0 ? one : two)
        const run = <A, E>(i: number, self: Effect.Effect<A, E, Services | Actor>) => Effect.exit(Effect.provide(as(setup.admin)(self), on(i)))
        const rootSiteSpaces = (yield* Effect.provide(
          as(setup.admin)((yield* Effect.provide(SiteStructures, one)).listSiteSpaces(setup.org, setup.site.id, {}, {})),
          one
        )).items
        const commands = [
          ...setup.spaces.slice(0, SECTIONS).map((spaceId, i) =>
            run(i, Effect.flatMap(SiteStructures, (s) => s.addSection(setup.org, setup.site.id, { spaceId })))
          ),
          ...setup.spaces.slice(SECTIONS).map((spaceId, i) =>
            run(i + 1, Effect.flatMap(SiteStructures, (s) => s.addSiteSpace(setup.org, setup.site.id, { spaceId })))
          ),
          ...rootSiteSpaces.map((siteSpace, i) =>
            run(i, Effect.flatMap(SiteStructures, (s) => s.moveSiteSpace(setup.org, setup.site.id, siteSpace.id, {})))
          )
        ]
        const exits = yield* Effect.all(commands, { concurrency: "unbounded" })
        expect(exits.filter((exit) => exit._tag === "Failure")).toStrictEqual([])
        const after = yield* Effect.provide(structureOf(setup.site.id), two)
        expect(structureViolations(after)).toStrictEqual([])
        // The two root site spaces went into a section of their own; each added section holds its space.
        expect(after.sections).toHaveLength(SECTIONS + 1)
        expect(after.siteSpaces).toHaveLength(2 + SECTIONS + SITE_SPACES)
        expect(new Set(after.siteSpaces.map((x) => x.spaceId)).size).toBe(2 + SECTIONS + SITE_SPACES)
      })
    )
  })

concurrentStructure("memory", memoryServers)
concurrentStructure("sqlite", sqliteServers)
if (await postgresAvailable()) concurrentStructure("postgres", postgresServers)
