/**
 * Comment writes racing in transactions of their own, through two "servers" (two storage
 * layers with connections of their own over one database; memory has one store): a reaction
 * added by many at once is kept once, and comments posted at once are all counted.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Authorized, CommentRepository, type SpaceId, SpaceRepository, Storage, type StoragePorts, type UserId } from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { type Context, Effect, Layer, type Scope } from "effect"
import { testAuthority } from "../support/authority.js"
import { memoryStorage } from "../support/memory.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { tempSqliteFile } from "../support/sqlite.js"
import { at, makeComment, makeReaction, makeSpace, newId } from "./contract-fixtures.js"

type Server = Context.Context<StoragePorts | Authorized>
type Servers = Effect.Effect<readonly [Server, Server], unknown, Scope.Scope>

const build = (storage: Layer.Layer<StoragePorts, unknown>) =>
  Layer.build(Layer.merge(storage, testAuthority)) as Effect.Effect<Server, unknown, Scope.Scope>

const memoryServers: Servers = Effect.map(build(memoryStorage), (server) => [server, server] as const)

const sqliteServers: Servers = Effect.gen(function* () {
  const filename = yield* tempSqliteFile
  const first = yield* build(SqliteStorage.layer({ filename }))
  return [first, yield* build(SqliteStorage.layer({ filename }))] as const
})

const postgresServers: Servers = Effect.gen(function* () {
  const url = yield* freshPostgresDatabase
  const first = yield* build(PostgresStorage.layer({ url, maxConnections: 8 }))
  return [first, yield* build(PostgresStorage.layer({ url, maxConnections: 8 }))] as const
})

/** `self` in a transaction of its own on `server`. */
const command = <A>(server: Server, self: Effect.Effect<A, never, StoragePorts | Authorized>) =>
  Effect.provide(Effect.flatMap(Storage, (storage) => storage.transaction(self)), server)

const storedSpaceOn = (server: Server) =>
  Effect.provide(
    Effect.gen(function* () {
      const space = makeSpace(newId())
      yield* (yield* SpaceRepository).insert(space)
      return space.id
    }),
    server
  )

const concurrentComments = (name: string, servers: Servers) =>
  describe(`concurrent comment writes: ${name}`, () => {
    it.scopedLive("twenty transactions adding the same reaction at once keep one", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const spaceId = yield* storedSpaceOn(one)
        const comment = makeComment(spaceId)
        yield* command(one, Effect.flatMap(CommentRepository, (c) => c.insert(comment)))
        const userId = newId<UserId>()
        const place = { spaceId, changeRequestId: null }
        const exits = yield* Effect.all(
          Array.from({ length: 20 }, (_, i) =>
            Effect.exit(
              command(
                i % 2 === 0 ? one : two,
                Effect.gen(function* () {
                  const comments = yield* CommentRepository
                  // As a command does: read the comment, then react to it.
                  expect((yield* comments.findById(place, comment.id))._tag).toBe("Some")
                  yield* comments.addReaction(makeReaction(comment, "👍", userId, at(i)))
                })
              )
            )
          ),
          { concurrency: "unbounded" }
        )
        expect(exits.filter((exit) => exit._tag === "Failure")).toStrictEqual([])
        const reactions = yield* Effect.provide(
          Effect.flatMap(CommentRepository, (c) => c.reactions(spaceId, [comment.id])),
          two
        )
        expect(reactions).toHaveLength(1)
        expect(reactions[0]).toMatchObject({ subjectId: comment.id, emoji: "👍", userId })
      })
    )

    it.scopedLive("fifty comments posted at once are all counted open", () =>
      Effect.gen(function* () {
        const [one, two] = yield* servers
        const spaceId: SpaceId = yield* storedSpaceOn(one)
        const exits = yield* Effect.all(
          Array.from({ length: 50 }, (_, i) =>
            Effect.exit(
              command(
                i % 2 === 0 ? one : two,
                Effect.gen(function* () {
                  const comments = yield* CommentRepository
                  // As a command might: read the count, then post.
                  yield* comments.countOpen(spaceId, [null])
                  yield* comments.insert(makeComment(spaceId, { postedAt: at(i % 3) }))
                })
              )
            )
          ),
          { concurrency: "unbounded" }
        )
        expect(exits.filter((exit) => exit._tag === "Failure")).toStrictEqual([])
        const counted = yield* Effect.provide(
          Effect.gen(function* () {
            const comments = yield* CommentRepository
            return {
              open: yield* comments.countOpen(spaceId, [null]),
              inSpaces: yield* comments.countOpenInSpaces([spaceId]),
              listed: (yield* comments.list({ spaceId, changeRequestId: null }, { order: "desc" }, { after: undefined, limit: 1 }))
                .count
            }
          }),
          two
        )
        expect(counted).toStrictEqual({ open: new Map([[null, 50]]), inSpaces: new Map([[spaceId, 50]]), listed: 50 })
      })
    )
  })

concurrentComments("memory", memoryServers)
concurrentComments("sqlite", sqliteServers)
if (await postgresAvailable()) concurrentComments("postgres", postgresServers)
