/**
 * Commands that race, run truly concurrently against one database through two "servers"
 * (two storage layers with connections of their own; memory has one store), in several rounds.
 * Whatever the interleaving, no acknowledged write is lost, nothing deleted comes back, and the
 * core's invariants hold: the last admin stays, siblings keep distinct positions, a member is
 * one row, a hostname belongs to one organization, one first admin is bootstrapped.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  Actor,
  ChangeRequests,
  Collections,
  ContentEngine,
  type InviteId,
  Invites,
  MemberRepository,
  Members,
  type OrganizationId,
  Organizations,
  QuireCore,
  Content,
  ContentScope,
  type SpaceId,
  type SpaceRecord,
  SpaceRepository,
  Spaces,
  type StoragePorts,
  type UserId,
  UserRepository,
  type UserRecord,
  Users
} from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Context, Effect, Exit, Layer, Logger, LogLevel, Option, type Scope } from "effect"
import { testAuthority } from "../support/authority.js"
import { memoryStorage } from "../support/memory.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { tempSqliteFile } from "../support/sqlite.js"
import { bootstrapFirstUser } from "../../packages/cli/src/bootstrap.js"

type Core = Layer.Layer.Success<ReturnType<typeof QuireCore.layer>>
type Server = Context.Context<Core | Layer.Layer.Success<typeof memoryStorage>>

const ROUNDS = 8

const core = (storage: Layer.Layer<StoragePorts, unknown>) =>
  Layer.build(
    QuireCore.layer({ publicUrl: "http://quire.test" }).pipe(Layer.provideMerge(Layer.merge(storage, testAuthority)))
  ) as Effect.Effect<
    Server,
    unknown,
    Scope.Scope
  >

/** Two servers over one database. */
type Servers = Effect.Effect<readonly [Server, Server], unknown, Scope.Scope>

const memoryServers: Servers = Effect.map(core(memoryStorage), (server) => [server, server] as const)

const sqliteServers: Servers = Effect.gen(function* () {
  const filename = yield* tempSqliteFile
  const first = yield* core(SqliteStorage.layer({ filename }))
  return [first, yield* core(SqliteStorage.layer({ filename }))] as const
})

const postgresServers: Servers = Effect.gen(function* () {
  const url = yield* freshPostgresDatabase
  // Pools large enough for every command of a round to hold a connection at once.
  const first = yield* core(PostgresStorage.layer({ url, maxConnections: 8 }))
  return [first, yield* core(PostgresStorage.layer({ url, maxConnections: 8 }))] as const
})

const on = <A, E>(server: Server, actor: UserRecord, self: Effect.Effect<A, E, Core | Actor>) =>
  self.pipe(Effect.provideService(Actor, actor), Effect.provide(server)) as Effect.Effect<A, E>

/** Runs the effects at once, each to its exit: a race is judged by what each side was told. */
const race = (effects: ReadonlyArray<Effect.Effect<unknown, unknown>>): Effect.Effect<Array<Exit.Exit<any, unknown>>> =>
  Effect.all(effects.map(Effect.exit), { concurrency: "unbounded" })

const isDefect = (exit: Exit.Exit<unknown, unknown>) => Exit.isFailure(exit) && !Exit.causeOption(exit).pipe(Option.exists((c) => c._tag === "Fail"))

const expectNoDefect = (exits: ReadonlyArray<Exit.Exit<unknown, unknown>>) => {
  for (const exit of exits) if (isDefect(exit)) expect.fail(`a command died: ${String(Exit.causeOption(exit).pipe(Option.getOrUndefined))}`)
}

const tagOf = (exit: Exit.Exit<unknown, unknown>): string =>
  Exit.isSuccess(exit) ? "ok" : Option.match(Exit.causeOption(exit), { onNone: () => "?", onSome: (c) => (c._tag === "Fail" ? (c.error as { _tag: string })._tag : c._tag) })

interface World {
  readonly admin: UserRecord
  readonly second: UserRecord
  readonly organizationId: OrganizationId
}

/** An organization with two admins. */
const world = (server: Server): Effect.Effect<World, unknown> =>
  Effect.gen(function* () {
    const users = Context.get(server, Users)
    const admin = yield* users.create({ email: `a${Math.random()}@example.com`, displayName: "A" })
    const second = yield* users.create({ email: `b${Math.random()}@example.com`, displayName: "B" })
    const organization = yield* on(server, admin, Effect.flatMap(Organizations, (o) => o.create({ title: "Race" })))
    const organizationId = organization.id as OrganizationId
    const invite = yield* on(
      server,
      admin,
      Effect.flatMap(Invites, (i) => i.create(organizationId, { role: "admin" }))
    )
    yield* on(server, second, Effect.flatMap(Invites, (i) => i.join(organizationId, invite.id as InviteId)))
    return { admin, second, organizationId }
  })

const spaceRecord = (server: Server, id: string): Effect.Effect<SpaceRecord> =>
  Effect.flatMap(SpaceRepository, (r) => r.findById(id as SpaceId)).pipe(
    Effect.map(Option.getOrThrowWith(() => new Error(`space ${id} is gone`))),
    Effect.provide(server)
  )

/** A new space whose content is pages A and B (ids "a", "b"), and the merge that put them there. */
const spaceWithPages = (server: Server, admin: UserRecord, organizationId: OrganizationId) =>
  Effect.gen(function* () {
    const engine = Context.get(server, ContentEngine)
    const space = yield* on(server, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, {})))
    const pages = [
      { id: "a", title: "A", markdown: "one" },
      { id: "b", title: "B", markdown: "two" }
    ]
    const first = yield* engine.importPages(pages, { spaceId: space.id, parents: [space.revision] })
    const start = yield* on(server, admin, Effect.flatMap(Content, (c) => c.merge(space.id, { revision: first.revision.id })))
    return { space, start }
  })

const concurrencyContract = (name: string, servers: Servers) =>
  describe(`concurrent commands: ${name}`, () => {
    it.scopedLive("two updates of different fields both land", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        for (let round = 0; round < ROUNDS; round++) {
          const space = yield* on(one, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, { title: "Before" })))
          const exits = yield* race([
            on(one, admin, Effect.flatMap(Spaces, (s) => s.update(space.id, { title: `Title ${round}` }))),
            on(two, admin, Effect.flatMap(Spaces, (s) => s.update(space.id, { emoji: "1f600" })))
          ])
          expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
          const after = yield* spaceRecord(one, space.id)
          expect([after.title, after.emoji]).toStrictEqual([`Title ${round}`, "1f600"])
        }
      })
    )

    it.scopedLive("two content merges into one space both land: the later one merges with the earlier", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const engine = Context.get(one, ContentEngine)
        for (let round = 0; round < 3; round++) {
          const { space, start } = yield* spaceWithPages(one, admin, organizationId)
          const ours = yield* engine.apply(start.revision.id, [{ operation: "update_page", page: "a", title: "A2" }])
          const theirs = yield* engine.apply(start.revision.id, [{ operation: "update_page", page: "b", title: "B2" }])
          const exits = yield* race([
            on(one, admin, Effect.flatMap(Content, (c) => c.merge(space.id, { revision: ours.revision.id }))),
            on(two, admin, Effect.flatMap(Content, (c) => c.merge(space.id, { revision: theirs.revision.id })))
          ])
          expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
          const after = yield* spaceRecord(one, space.id)
          const tree = yield* engine.tree(after.revisionId)
          expect((yield* tree.children(null)).map((p) => p.title)).toStrictEqual(["A2", "B2"])
        }
      })
    )

    it.scopedLive("a hundred change requests created at once in one space are numbered 1 to 100", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const space = yield* on(one, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, {})))
        const exits = yield* race(
          Array.from({ length: 100 }, (_, i) =>
            on(i % 2 === 0 ? one : two, admin, Effect.flatMap(ChangeRequests, (c) => c.create(space.id, { subject: `CR ${i}` })))
          )
        )
        expectNoDefect(exits)
        expect(exits.map(tagOf).filter((t) => t !== "ok")).toStrictEqual([])
        const numbers = exits.map((exit) => (Exit.isSuccess(exit) ? (exit.value as { number: number }).number : 0))
        expect([...numbers].sort((a, b) => a - b)).toStrictEqual(Array.from({ length: 100 }, (_, i) => i + 1))
      })
    )

    it.scopedLive("two change requests merged at once both land, or the second answers conflicts: nothing is lost", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const engine = Context.get(one, ContentEngine)
        for (let round = 0; round < 3; round++) {
          const { space } = yield* spaceWithPages(one, admin, organizationId)
          const make = (page: string, title: string) =>
            on(
              one,
              admin,
              Effect.flatMap(ChangeRequests, (c) =>
                Effect.tap(c.create(space.id, {}), (cr) => c.updateContent(space.id, cr.id, [{ operation: "update_page", page, title }]))
              )
            )
          const crA = yield* make("a", "A2")
          const crB = yield* make("b", "B2")
          const exits = yield* race([
            on(one, admin, Effect.flatMap(ChangeRequests, (c) => c.merge(space.id, crA.id))),
            on(two, admin, Effect.flatMap(ChangeRequests, (c) => c.merge(space.id, crB.id)))
          ])
          expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
          expect(exits.map((e) => (Exit.isSuccess(e) ? (e.value as { result: string }).result : ""))).toStrictEqual(["merge", "merge"])
          const after = yield* spaceRecord(one, space.id)
          const tree = yield* engine.tree(after.revisionId)
          expect((yield* tree.children(null)).map((p) => p.title)).toStrictEqual(["A2", "B2"])
        }
      })
    )

    it.scopedLive("a content write racing the merge of its change request is merged, or refused: never lost", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const engine = Context.get(one, ContentEngine)
        for (let round = 0; round < 4; round++) {
          const { space } = yield* spaceWithPages(one, admin, organizationId)
          const cr = yield* on(one, admin, Effect.flatMap(ChangeRequests, (c) => c.create(space.id, {})))
          const [write, merge] = (yield* race([
            on(one, admin, Effect.flatMap(ChangeRequests, (c) => c.updateContent(space.id, cr.id, [{ operation: "update_page", page: "a", title: `A${round}` }]))),
            on(two, admin, Effect.flatMap(ChangeRequests, (c) => c.merge(space.id, cr.id)))
          ])) as [Exit.Exit<unknown, unknown>, Exit.Exit<unknown, unknown>]
          expectNoDefect([write, merge])
          expect(tagOf(merge)).toBe("ok")
          const titles = (yield* (yield* engine.tree((yield* spaceRecord(one, space.id)).revisionId)).children(null)).map((p) => p.title)
          // Written first: the merge took it in. Merged first: the write was refused, and the space keeps A.
          if (Exit.isSuccess(write)) expect(titles).toStrictEqual([`A${round}`, "B"])
          else {
            expect(tagOf(write)).toBe("Conflict")
            expect(titles).toStrictEqual(["A", "B"])
          }
        }
      })
    )

    it.scopedLive("two content writes at once by a new contributor both land, and record one contributor who wrote twice", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, second, organizationId } = yield* world(one)
        for (let round = 0; round < 4; round++) {
          const { space } = yield* spaceWithPages(one, admin, organizationId)
          const cr = yield* on(one, admin, Effect.flatMap(ChangeRequests, (c) => c.create(space.id, {})))
          const write = (server: Server, page: string) =>
            on(server, second, Effect.flatMap(ChangeRequests, (c) => c.updateContent(space.id, cr.id, [{ operation: "update_page", page, title: `${page}${round}` }])))
          const exits = yield* race([write(one, "a"), write(two, "b")])
          expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
          const contributors = yield* on(one, admin, Effect.flatMap(ChangeRequests, (c) => c.contributors(space.id, cr.id)))
          expect(contributors.items.map((c) => [c.user.id, c.count])).toStrictEqual([[second.id, 2]])
          const changes = yield* on(one, admin, Effect.flatMap(Content, (c) => c.changes(ContentScope.ChangeRequest({ spaceId: space.id, changeRequest: cr.id }))))
          expect(changes.changes.map((c) => ("page" in c ? c.page.title : ""))).toStrictEqual([`a${round}`, `b${round}`])
        }
      })
    )

    it.scopedLive("a delete racing an update stays deleted", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        for (let round = 0; round < ROUNDS; round++) {
          const space = yield* on(one, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, { title: "Doomed" })))
          const [removed, updated] = (yield* race([
            on(one, admin, Effect.flatMap(Spaces, (s) => s.remove(space.id))),
            on(two, admin, Effect.flatMap(Spaces, (s) => s.update(space.id, { title: "Edited" })))
          ])) as [Exit.Exit<unknown, unknown>, Exit.Exit<unknown, unknown>]
          expectNoDefect([removed, updated])
          expect(tagOf(removed)).toBe("ok")
          // The update either came first (and the delete after it) or found the space deleted.
          expect(["ok", "Conflict"]).toContain(tagOf(updated))
          const after = yield* spaceRecord(one, space.id)
          expect(after.deletedAt).not.toBeNull()
          if (Exit.isSuccess(updated)) expect(after.title).toBe("Edited")
        }
      })
    )

    it.scopedLive("a move racing a rename keeps both", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const collection = yield* on(one, admin, Effect.flatMap(Collections, (c) => c.create(organizationId, { title: "Box" })))
        for (let round = 0; round < ROUNDS; round++) {
          const space = yield* on(one, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, { title: "Mover" })))
          const exits = yield* race([
            on(one, admin, Effect.flatMap(Spaces, (s) => s.move(space.id, { parent: collection.id }))),
            on(two, admin, Effect.flatMap(Spaces, (s) => s.update(space.id, { title: `Renamed ${round}` })))
          ])
          expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
          const after = yield* spaceRecord(one, space.id)
          expect([after.parentId, after.title]).toStrictEqual([collection.id, `Renamed ${round}`])
        }
      })
    )

    it.scopedLive("sixteen creates in one parent get sixteen distinct positions, and a move after any of them works", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        for (let round = 0; round < 3; round++) {
          const parent = yield* on(one, admin, Effect.flatMap(Collections, (c) => c.create(organizationId, { title: `P${round}` })))
          const exits = yield* race(
            Array.from({ length: 16 }, (_, i) =>
              on(i % 2 === 0 ? one : two, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, { title: `S${i}`, parent: parent.id })))
            )
          )
          expect(exits.map(tagOf)).toStrictEqual(Array.from({ length: 16 }, () => "ok"))
          const created = exits.map((exit) => (exit as Exit.Success<{ id: string }, unknown>).value.id)
          const positions = yield* Effect.forEach(created, (id) => Effect.map(spaceRecord(one, id), (s) => s.position))
          expect(new Set(positions).size).toBe(16)
          const mover = yield* on(one, admin, Effect.flatMap(Spaces, (s) => s.create(organizationId, { title: "Mover" })))
          for (const id of created.slice(0, 4)) {
            const moved = yield* Effect.exit(
              on(one, admin, Effect.flatMap(Spaces, (s) => s.move(mover.id, { parent: parent.id, position: { after: { type: "space", space: id } } })))
            )
            expect(tagOf(moved)).toBe("ok")
          }
        }
      })
    )

    it.scopedLive("two admins demoting each other, or both leaving, leave an admin", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        for (let round = 0; round < ROUNDS; round++) {
          const { admin, second, organizationId } = yield* world(one)
          const leaving = round % 2 === 1
          const exits = yield* race([
            on(one, admin, Effect.flatMap(Members, (m) => (leaving ? m.remove(organizationId, admin.id as UserId) : Effect.asVoid(m.update(organizationId, second.id as UserId, { role: "read" }))))),
            on(two, second, Effect.flatMap(Members, (m) => (leaving ? m.remove(organizationId, second.id as UserId) : Effect.asVoid(m.update(organizationId, admin.id as UserId, { role: "read" })))))
          ])
          expectNoDefect(exits)
          // The loser is told its role is gone (Forbidden: the winner demoted it first) or that it is the last admin.
          expect(exits.filter(Exit.isSuccess).length).toBe(1)
          const admins = yield* Effect.provide(Effect.flatMap(MemberRepository, (r) => r.countAdmins(organizationId)), one)
          expect(admins).toBe(1)
        }
      })
    )

    it.scopedLive("joining twice through one link makes one membership", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const invite = yield* on(one, admin, Effect.flatMap(Invites, (i) => i.create(organizationId, { role: "edit" })))
        for (let round = 0; round < ROUNDS; round++) {
          const joiner = yield* Effect.flatMap(Users, (u) => u.create({ email: `j${round}${Math.random()}@example.com`, displayName: "J" })).pipe(
            Effect.provide(one)
          )
          const exits = yield* race([
            on(one, joiner, Effect.flatMap(Invites, (i) => i.join(organizationId, invite.id as InviteId))),
            on(two, joiner, Effect.flatMap(Invites, (i) => i.join(organizationId, invite.id as InviteId)))
          ])
          expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
          const member = yield* Effect.provide(Effect.flatMap(MemberRepository, (r) => r.find(organizationId, joiner.id as UserId)), one)
          expect(Option.map(member, (m) => m.role)).toStrictEqual(Option.some("edit"))
        }
      })
    )

    it.scopedLive("two organizations claiming one hostname: one gets it, the other a conflict", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const { admin, organizationId } = yield* world(one)
        const other = yield* on(one, admin, Effect.flatMap(Organizations, (o) => o.create({ title: "Other" })))
        for (let round = 0; round < ROUNDS; round++) {
          const hostname = `docs-${round}-${Math.random().toString(36).slice(2, 10)}`
          const exits = yield* race([
            on(one, admin, Effect.flatMap(Organizations, (o) => o.update(organizationId, { hostname }))),
            on(two, admin, Effect.flatMap(Organizations, (o) => o.update(other.id as OrganizationId, { hostname })))
          ])
          expectNoDefect(exits)
          expect(exits.map(tagOf).sort()).toStrictEqual(["Conflict", "ok"])
        }
      })
    )
  })

/** Servers starting at once on an empty database make one first admin between them. */
const bootstrapContract = (name: string, servers: Servers) =>
  it.scopedLive(`concurrent first starts bootstrap one admin: ${name}`, () =>
    Effect.gen(function* () {
      const [one, two] = yield* servers
      const exits = yield* race([
        Effect.provide(bootstrapFirstUser("http://quire.test"), one),
        Effect.provide(bootstrapFirstUser("http://quire.test"), two)
      ]).pipe(Logger.withMinimumLogLevel(LogLevel.None))
      expect(exits.map(tagOf)).toStrictEqual(["ok", "ok"])
      expect(yield* Effect.provide(Effect.flatMap(UserRepository, (r) => r.count), one)).toBe(1)
    }),
    { timeout: 60_000 }
  )

concurrencyContract("memory", memoryServers)
concurrencyContract("sqlite", sqliteServers)
if (await postgresAvailable()) concurrencyContract("postgres", postgresServers)

describe("bootstrap", () => {
  for (let n = 0; n < 5; n++) bootstrapContract(`sqlite #${n + 1}`, sqliteServers)
  for (let n = 0; n < 5; n++) bootstrapContract(`memory #${n + 1}`, memoryServers)
})
if (await postgresAvailable()) {
  describe("bootstrap on Postgres", () => {
    for (let n = 0; n < 5; n++) bootstrapContract(`postgres #${n + 1}`, postgresServers)
  })
}
