import { GitBookAPIError } from "@gitbook/api"
import { parseDatabaseUrl, storageLayer } from "@quire/cli"
import { ApiTokens, QuireCore, Users } from "@quire/core"
import { Effect, Exit, Layer, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { gitbook } from "./support/client.js"
import { makeAcme, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole } from "./support/gitbookTypes.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Comments written at once through two `quire serve` processes on one database, on SQLite and
 * on Postgres: concurrent posts are all kept, and a reaction is one per user and emoji however
 * many requests add it at once. No request fails with a 5xx.
 */
const backends = [
  { name: "SQLite", database: async () => undefined },
  { name: "Postgres", database: async (scope: Scope.CloseableScope) => Effect.runPromise(Scope.extend(freshPostgresDatabase, scope)) }
] as const

const postgres = await postgresAvailable()

/** The status a client call answers with, success or failure. */
const statusOf = (call: Promise<{ status: number }>): Promise<number> =>
  call.then(
    (response) => response.status,
    (error) => (error instanceof GitBookAPIError ? error.code : Promise.reject(error))
  )

/**
 * `count` users with a token each, made with the core services on the server's own database,
 * as `quire users create` does, without a process per user (each costs seconds).
 */
const makeUsersDirectly = (server: RunningServer, count: number) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const storage = storageLayer(yield* parseDatabaseUrl(server.env.DATABASE_URL ?? ""))
      return yield* Effect.forEach(Array.from({ length: count }, (_, i) => i), (i) =>
        Effect.gen(function* () {
          const user = yield* (yield* Users).create({ email: `reactor${i}@acme.test`, displayName: `Reactor ${i}` })
          const token = yield* (yield* ApiTokens).issue(user.id, "comments-concurrency")
          return { id: user.id as string, token }
        })
      ).pipe(Effect.provide(QuireCore.layer({ publicUrl: server.url }).pipe(Layer.provide(storage))))
    })
  )

describe.each(backends)("comments on $name, two server processes", ({ name, database }) => {
  const scope = Effect.runSync(Scope.make())
  let servers: ReadonlyArray<RunningServer> = []
  let ada: Principal
  let acme: string
  let space: string
  const skip = name === "Postgres" && !postgres

  /** `who` calling the `i`-th request's server: requests alternate between the two processes. */
  const through = (who: Principal, i: number) => gitbook(servers[i % 2]!.url, who.token)

  beforeAll(async () => {
    if (skip) return
    const url = await database(scope)
    const first = await startServer(url === undefined ? {} : { databaseUrl: url })
    servers = [first, await startServer({ databaseUrl: first.env.DATABASE_URL! })]
    ;({ ada, acme } = await makeAcme(first))
    space = (await ada.api.orgs.createSpace(acme, { title: "Busy" })).data.id
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }, 60_000)

  it.skipIf(skip)("50 comments posted at once, half through each process, are all listed", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        statusOf(through(ada, i).spaces.postCommentInSpace(space, { body: { markdown: `Comment ${i}` } } as any))
      )
    )
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    const listed = (await ada.api.spaces.listCommentsInSpace(space, { limit: 1000 })).data
    expect(listed.count).toBe(50)
    expect(new Set(listed.items.map((c: any) => c.body.markdown)).size).toBe(50)
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)

  it.skipIf(skip)("20 requests adding one user's 👍 at once leave one reaction", async () => {
    const comment = (await ada.api.spaces.postCommentInSpace(space, { body: { markdown: "React once" } } as any)).data.id
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => statusOf(through(ada, i).spaces.updateCommentInSpace(space, comment, { addedReactions: ["👍"] })))
    )
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    const reactions = (await ada.api.spaces.getCommentInSpace(space, comment)).data.reactions
    expect(reactions.map((r: any) => [r.emoji, r.count, r.users.length])).toEqual([["👍", 1, 1]])
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)

  it.skipIf(skip)("20 users reacting 👍 at once are 20 reactions", async () => {
    const comment = (await ada.api.spaces.postCommentInSpace(space, { body: { markdown: "Vote" } } as any)).data.id
    const users = await makeUsersDirectly(servers[0]!, 20)
    const invite = (await ada.api.orgs.createOrganizationInvite(acme, { role: MemberRole.Comment })).data.id
    for (const user of users) await gitbook(servers[0]!.url, user.token).orgs.joinOrganizationWithInvite(acme, invite)
    const statuses = await Promise.all(
      users.map((user, i) =>
        statusOf(gitbook(servers[i % 2]!.url, user.token).spaces.updateCommentInSpace(space, comment, { addedReactions: ["👍"] }))
      )
    )
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    const reactions = (await ada.api.spaces.getCommentInSpace(space, comment)).data.reactions as Array<any>
    expect(reactions.map((r) => [r.emoji, r.count])).toEqual([["👍", 20]])
    expect(new Set(reactions[0].users.map((u: any) => u.user.id))).toEqual(new Set(users.map((u) => u.id)))
    expect(takeSpecViolations()).toEqual([])
  }, 180_000)
})
